// Mutation testing of the statecharts and the domain rules (issue 19): `npm run test:mutation` for
// a full run, `npm run test:mutation:changed` for the mutants of what changed since the recorded run,
// `node scripts/mutation-report.mjs [--check]` for the table per file. README, "QA".
import { availableParallelism } from 'node:os';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // Product code only. The statecharts' test models (`*.model.ts`) and the helpers of the
  // model-based tests (`src/machines/testing/`: fake servers, path runner, coverage) are test code:
  // mutating them would measure the tests against themselves.
  mutate: [
    'src/machines/**/*.ts',
    'src/domain/**/*.ts',
    '!**/*.test.ts',
    '!**/*.model.ts',
    '!src/machines/testing/**',
  ],
  testRunner: 'vitest',
  // the `unit` project only (vitest.config.ts's projects, less api, e2e and fault)
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  // each mutant runs only the tests that cover it
  coverageAnalysis: 'perTest',
  // Mutants in code that runs once, when a module is loaded (a machine's configuration object, a
  // table of constants), would need every test run anew for each: left out, as in the baseline.
  ignoreStatic: true,
  // a test process per core: a run has the machine to itself (CI runs it between its other steps);
  // `--concurrency 1` on the command line leaves the other cores free while you work
  concurrency: availableParallelism(),
  reporters: ['clear-text', 'html', 'json', 'progress'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, allowEmojis: false, reportTests: false, reportMutants: false },
  thresholds: { high: 85, low: 75, break: null },
  // The results of the last full run are kept in the repository (reports/stryker-incremental.json):
  // CI's clean clone has no cache, and with this file a run tests again only the mutants of changed
  // code or changed tests. Changes that Stryker does not see (test models, test helpers, packages,
  // this config) need a full run: `npm run test:mutation` (--force), which also writes the file anew.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  // not copied into the sandbox: nothing that the unit tests read
  ignorePatterns: [
    'dist',
    'docs',
    'bench',
    'tests',
    'public',
    'reports',
    '.data*',
    '.tmp',
    'test-results',
    'coverage',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
