import { inject } from 'vitest';

/**
 * Runs before each browser-test file (the e2e project's setupFiles): points the file at its
 * worker's own server (VITEST_POOL_ID, 1…E2E_WORKERS) through NAZER_E2E_BASE_URL and
 * NAZER_E2E_SERVER_LOG, which the tests read before the injected single address. A server started
 * elsewhere and named in NAZER_E2E_BASE_URL before the run is left as it is.
 */
if (!process.env.NAZER_E2E_BASE_URL || process.env.NAZER_E2E_PER_WORKER) {
  const urls = inject('baseUrls');
  const logs = inject('serverLogs');
  const at = (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length;
  process.env.NAZER_E2E_BASE_URL = urls[at];
  process.env.NAZER_E2E_SERVER_LOG = logs[at];
  process.env.NAZER_E2E_PER_WORKER = '1';
}
