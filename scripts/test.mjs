#!/usr/bin/env node
// Runs every test stage in order and ends with one line: "N passed, N failed".
// TEST_ONLY=api,e2e,fault limits the stages (CI's PostgreSQL pass). TEST_LABEL names the totals file.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

const only = process.env.TEST_ONLY ? new Set(process.env.TEST_ONLY.split(',')) : null;
const label = process.env.TEST_LABEL ?? (process.env.DATABASE_URL ? 'postgres' : 'pglite');
mkdirSync('.tmp', { recursive: true });

const stages = [
  { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit'] },
  { name: 'lint', cmd: ['npx', 'biome', 'check', '.'] },
  // the import boundaries (.dependency-cruiser.cjs): no feature imports another, no cycles …
  {
    name: 'boundaries',
    cmd: ['npx', 'depcruise', 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
  },
  { name: 'build', cmd: ['npm', 'run', 'build', '--silent'], needed: ['e2e'] },
  { name: 'unit', vitest: 'unit' },
  { name: 'api', vitest: 'api' },
  { name: 'e2e', vitest: 'e2e' },
  { name: 'fault', vitest: 'fault' },
];

let passed = 0;
let failed = 0;
/** What failed, by stage and test name: printed at the end (and by .ci/run) so a short log tail names it. */
const failures = [];
const started = Date.now();
for (const stage of stages) {
  const wanted = !only || only.has(stage.name) || stage.needed?.some((n) => only.has(n));
  if (!wanted) continue;
  // a partial run (CI's PostgreSQL pass) reuses the build the full run just made
  if (stage.name === 'build' && only && !only.has('build') && existsSync('dist/client/index.html')) continue;
  const t0 = Date.now();
  console.log(`\n── ${stage.name} ──`);
  if (stage.vitest) {
    const out = `.tmp/vitest-${stage.vitest}.json`;
    rmSync(out, { force: true });
    const r = spawnSync(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        stage.vitest,
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${out}`,
      ],
      { stdio: 'inherit' },
    );
    if (existsSync(out)) {
      const report = JSON.parse(readFileSync(out, 'utf8'));
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      // a suite that failed to load has no tests: count it as a failure
      const broken = report.testResults.filter(
        (f) => f.status === 'failed' && f.assertionResults.length === 0,
      ).length;
      failed += broken;
      for (const file of report.testResults) {
        const where = file.name.replace(`${process.cwd()}/`, '');
        if (file.status === 'failed' && file.assertionResults.length === 0)
          failures.push(`${stage.name}: ${where} (did not load)`);
        for (const a of file.assertionResults) {
          if (a.status === 'failed') failures.push(`${stage.name}: ${where} > ${a.fullName}`);
          // passed on its retry (the e2e project retries once): counted as passed, named as flaky
          else if (a.status === 'passed' && a.failureMessages.length)
            console.log(
              `FLAKY ${stage.name}: ${where} > ${a.fullName}\n  ${a.failureMessages[0].split('\n')[0]}`,
            );
        }
      }
      if (broken === 0 && report.numFailedTests === 0 && r.status !== 0) {
        failed += 1;
        failures.push(`${stage.name}: vitest exited with ${r.status}`);
      }
    } else {
      failed += 1;
      failures.push(`${stage.name}: no report`);
    }
  } else {
    const r = spawnSync(stage.cmd[0], stage.cmd.slice(1), { stdio: 'inherit' });
    if (r.status === 0) passed += 1;
    else {
      failed += 1;
      failures.push(`${stage.name}: exited with ${r.status}`);
    }
  }
  console.log(`── ${stage.name}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

writeFileSync(`.tmp/totals-${label}.json`, JSON.stringify({ passed, failed, failures }));
console.log(`\n(${label}, ${((Date.now() - started) / 1000).toFixed(0)} s)`);
for (const f of failures) console.log(`FAILED ${f}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
