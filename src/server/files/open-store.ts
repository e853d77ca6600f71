import type { Config } from '../config.ts';
import type { BlobStore } from './store.ts';

/**
 * The store FILE_STORE names: the database store, or the S3 store built from the S3_* settings
 * (its client library is loaded only then).
 */
export async function openBlobStore(config: Config): Promise<BlobStore> {
  if (config.FILE_STORE === 's3') {
    const { s3BlobStore } = await import('./s3-store.ts');
    return s3BlobStore({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
    });
  }
  const { dbBlobStore } = await import('./db-store.ts');
  return dbBlobStore;
}
