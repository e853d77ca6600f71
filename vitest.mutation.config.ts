// The unit tests alone, for mutation testing (stryker.config.mjs). Stryker's Vitest runner has no
// option to pick one project of a config with `projects`, so this config is the `unit` project of
// vitest.config.ts lifted out of it: the same files, environment and aliases, nothing else (the api,
// e2e and fault projects start databases, servers and browsers and do not belong in a mutant's run).
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

const unit = base.test?.projects?.find(
  (project) => typeof project === 'object' && 'test' in project && project.test?.name === 'unit',
);
if (typeof unit !== 'object' || !('test' in unit)) throw new Error('vitest.config.ts has no `unit` project');

export default defineConfig({
  resolve: unit.resolve,
  test: {
    ...unit.test,
    name: undefined,
    // Read by the few tests whose size is for confidence, not for a rule (the ownership property
    // test's random graphs, DEA's random industries): they run smaller, since each mutant of their
    // modules runs them again.
    env: { NAZER_MUTATION: '1' },
    // One module graph for all the files a mutant runs (the product's modules hold no state between
    // tests that matters to them): the same results as isolated files, and faster.
    isolate: false,
  },
});
