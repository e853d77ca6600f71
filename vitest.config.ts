import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '~': fileURLToPath(new URL('./src', import.meta.url)),
  'styled-system': fileURLToPath(new URL('./styled-system', import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/api-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          // each file still builds its own app on its own copy of the database; the server's
          // modules are imported once per worker, not once per file (about 4 s a file here)
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/e2e-global-setup.ts'],
          setupFiles: ['tests/support/e2e-worker.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser test that fails once is run again (as Playwright's runner does on CI); one
          // that passes only then is printed as FLAKY by scripts/test.mjs, so it is seen and fixed.
          retry: 1,
          // E2E_WORKERS files at once (default 1), each worker against a server and a database of
          // its own (tests/support/e2e-global-setup.ts, e2e-worker.ts). On this two-core machine two
          // workers took as long as one (a browser test here is bound by the processor, not by
          // waiting: each file ran twice as slowly), so one is the default; more cores, more workers.
          pool: 'forks',
          maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS ?? 1)),
          // each worker imports playwright and the test support once for its files
          isolate: false,
        },
      },
      {
        resolve: { alias },
        // The registry under load and SIGKILL against the real server process (tests/fault).
        test: {
          name: 'fault',
          include: ['tests/fault/**/*.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
