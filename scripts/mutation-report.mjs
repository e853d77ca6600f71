#!/usr/bin/env node
// The mutation score per file, from Stryker's JSON report (stryker.config.mjs writes it to
// reports/mutation/mutation.json). Score = (killed + timed out) / (killed + timed out + survived +
// no coverage), over the mutants counted; `ignored` are those left out: static mutants (ignoreStatic),
// and any that did not compile or errored.
//
//   node scripts/mutation-report.mjs                      the table
//   node scripts/mutation-report.mjs --check              and exit 1 when the total is under 85% or a file under 75%
//   node scripts/mutation-report.mjs --survivors [TEXT]   and every surviving or uncovered mutant (of files whose path has TEXT)
//   node scripts/mutation-report.mjs --report FILE        another report
import { readFileSync } from 'node:fs';

const TOTAL_MIN = 85;
const FILE_MIN = 75;

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name) => {
  const i = args.indexOf(name);
  const next = args[i + 1];
  return i >= 0 && next !== undefined && !next.startsWith('--') ? next : undefined;
};
const reportFile = value('--report') ?? 'reports/mutation/mutation.json';

let report;
try {
  report = JSON.parse(readFileSync(reportFile, 'utf8'));
} catch (error) {
  console.error(
    `mutation-report: cannot read ${reportFile} (${error.message}); run \`npm run test:mutation\` first`,
  );
  process.exit(2);
}

const empty = () => ({ mutants: 0, killed: 0, timeout: 0, survived: 0, noCoverage: 0, other: 0 });
const add = (sum, status) => {
  if (status !== 'Killed' && status !== 'Timeout' && status !== 'Survived' && status !== 'NoCoverage') {
    sum.other += 1; // Ignored (static, with ignoreStatic), CompileError, RuntimeError, Pending
    return;
  }
  sum.mutants += 1;
  if (status === 'Killed') sum.killed += 1;
  else if (status === 'Timeout') sum.timeout += 1;
  else if (status === 'Survived') sum.survived += 1;
  else sum.noCoverage += 1;
};
const score = (s) => {
  const valid = s.killed + s.timeout + s.survived + s.noCoverage;
  return valid === 0 ? undefined : (100 * (s.killed + s.timeout)) / valid;
};
const percent = (n) => (n === undefined ? 'n/a' : `${n.toFixed(1)}%`);

const total = empty();
const rows = Object.entries(report.files)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([file, { mutants }]) => {
    const sum = empty();
    for (const mutant of mutants) {
      add(sum, mutant.status);
      add(total, mutant.status);
    }
    return { file, ...sum, score: score(sum) };
  });
total.score = score(total);

/** `< 75%` on a file under its minimum, `< 85%` on the total under its own. */
const under = (r) => {
  const min = r.file === 'total' ? TOTAL_MIN : FILE_MIN;
  return r.score !== undefined && r.score < min ? `< ${min}%` : undefined;
};
const columns = [
  ['file', (r) => r.file],
  ['score', (r) => percent(r.score)],
  ['mutants', (r) => String(r.mutants)],
  ['killed', (r) => String(r.killed)],
  ['timeout', (r) => String(r.timeout)],
  ['survived', (r) => String(r.survived)],
  ['no cov.', (r) => String(r.noCoverage)],
  ['ignored', (r) => String(r.other)],
  ['', (r) => under(r) ?? ''],
];
const lines = [...rows, { ...total, file: 'total' }].map((r) => columns.map(([, cell]) => cell(r)));
const widths = columns.map(([head], i) => Math.max(head.length, ...lines.map((line) => line[i].length)));
const format = (cells) =>
  cells
    .map((cell, i) => (i === 0 || i === cells.length - 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
    .join('  ')
    .trimEnd();
const rule = widths
  .map((w) => '-'.repeat(w))
  .join('  ')
  .trimEnd();
console.log(format(columns.map(([head]) => head)));
console.log(rule);
for (const line of lines.slice(0, -1)) console.log(format(line));
console.log(rule);
console.log(format(lines.at(-1)));

if (flag('--survivors')) {
  const filter = value('--survivors') ?? '';
  for (const [file, { mutants }] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) {
    if (!file.includes(filter)) continue;
    const left = mutants
      .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
      .sort(
        (a, b) =>
          a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column,
      );
    if (left.length === 0) continue;
    console.log(`\n${file}`);
    for (const m of left) {
      const replacement = (m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 90);
      const status = m.status === 'NoCoverage' ? 'no coverage' : 'survived';
      console.log(
        `  ${file}:${m.location.start.line}:${m.location.start.column}  ${status}  ${m.mutatorName}  -> ${replacement}`,
      );
    }
  }
}

if (flag('--check')) {
  const failures = [];
  if (total.score !== undefined && total.score < TOTAL_MIN)
    failures.push(`total ${percent(total.score)} is under ${TOTAL_MIN}%`);
  for (const r of rows)
    if (r.score !== undefined && r.score < FILE_MIN)
      failures.push(`${r.file} ${percent(r.score)} is under ${FILE_MIN}%`);
  if (failures.length > 0) {
    for (const failure of failures) console.error(`mutation score: ${failure}`);
    process.exit(1);
  }
  console.log(`mutation score: total ${percent(total.score)} >= ${TOTAL_MIN}%, every file >= ${FILE_MIN}%`);
}
