import { z } from 'zod';

/** The server's environment, parsed once at boot. Every variable is listed in the README. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./.data'),
    DATABASE_URL: z.string().optional(),
    DEMO_PASSWORD: z.string().min(6).default('nazer-demo'),
    SEED: z.enum(['demo', 'none']).default('demo'),
    SESSION_IDLE_MINUTES: z.coerce.number().positive().default(60),
    SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
    /** How long (ms) a granted access answer is kept in memory; 0 turns the cache off. See auth/sessions.ts. */
    AUTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    SMS_PROVIDER: z.enum(['log']).default('log'),
    /**
     * Milliseconds the log provider waits before it "delivers" a message: a gateway's latency,
     * for trying the job queue under load (the fault tests and the bench set it). Default 0.
     */
    SMS_LOG_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /**
     * The job queue (server/jobs/queue.ts): seconds before a failed job's first retry, each next
     * one waiting about twice as long (default 30); and seconds a job may stay active before it is
     * taken for lost with its server and run again (default 60; also the most a job may take).
     */
    JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    JOB_EXPIRE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
    /**
     * When the issues' sweep runs (modules/issues/sweep.ts: due dates passed, snoozes over), as a
     * cron expression in Tehran time (default every 5 minutes), or `off` for never (the browser
     * tests' servers, whose checks count notifications).
     */
    ISSUE_SWEEP_CRON: z
      .string()
      .regex(/^(off|[0-9*,/-]+( [0-9*,/-]+){4})$/, 'ISSUE_SWEEP_CRON: a five-field cron expression or off')
      .default('*/5 * * * *'),
    /**
     * Seconds a mobile waits between two one-time codes of one purpose (auth/otp.ts); 60 by the
     * specification. The browser tests' server shortens it, so they do not sit out real minutes.
     */
    OTP_RESEND_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    TRUST_PROXY: z
      .enum(['0', '1'])
      .default('0')
      .transform((v) => v === '1'),
    COOKIE_SECURE: z
      .enum(['0', '1'])
      .default('1')
      .transform((v) => v === '1'),
    /**
     * Strict-Transport-Security max-age in seconds, sent while COOKIE_SECURE=1 (browsers heed it
     * only over HTTPS, so a deployment behind TLS gets it); 0 sends none. Default 180 days.
     */
    HSTS_MAX_AGE: z.coerce.number().int().min(0).max(63_072_000).default(15_552_000),
    /** Where uploaded files' bytes live: `db` (the database, default) or `s3` (the S3_* settings). See files/store.ts. */
    FILE_STORE: z.enum(['db', 's3']).default('db'),
    /** The S3-compatible service's URL (MinIO, Ceph…); absent: AWS by S3_REGION. */
    S3_ENDPOINT: z.url().optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Absent (both): the AWS SDK's default credentials (AWS_* variables, instance role). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** `1`: path-style URLs (`<endpoint>/<bucket>/<key>`), as most self-hosted services want. */
    S3_FORCE_PATH_STYLE: z
      .enum(['0', '1'])
      .default('0')
      .transform((v) => v === '1'),
    /** Put before every object key, e.g. `nazer/` (a bucket shared with other data). */
    S3_PREFIX: z.string().default(''),
  })
  .superRefine((env, ctx) => {
    if (env.FILE_STORE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when FILE_STORE=s3' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
  });

export type Config = z.infer<typeof envSchema>;

/** Reads the configuration from `env` (process.env by default); throws a readable error on bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
