import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The boundary rules (.dependency-cruiser.cjs, run by `npm test` as the "boundaries" stage) catch
 * what they name: a small tree with one import that breaks each rule, checked with the project's
 * own configuration by the same command, must report exactly those rules, and the tree without
 * them nothing.
 */

const root = resolve(__dirname, '../..');
const cli = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const dir = mkdtempSync(join(tmpdir(), 'nazer-boundaries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function tree(files: Record<string, string>) {
  rmSync(join(dir, 'src'), { recursive: true, force: true });
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { baseUrl: '.', paths: { '~/*': ['./src/*'] } } }),
  );
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

function violations(): string[] {
  const r = spawnSync(
    process.execPath,
    [cli, 'src', '--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'],
    { cwd: dir, encoding: 'utf8' },
  );
  const out = JSON.parse(r.stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return out.summary.violations.map((v) => `${v.rule.name} ${v.from} -> ${v.to}`).sort();
}

const clean = {
  'src/features/a/screen.tsx': "import { part } from '~/ui/part.ts';\nexport const a = part;\n",
  'src/features/b/screen.tsx': "import { rule } from '~/domain/rule.ts';\nexport const b = rule;\n",
  'src/ui/part.ts': "import { rule } from '~/domain/rule.ts';\nexport const part = rule;\n",
  'src/domain/rule.ts': 'export const rule = 1;\n',
  'src/contract/shape.ts': "import { rule } from '../domain/rule.ts';\nexport const shape = rule;\n",
  'src/server/route.ts': "import { shape } from '~/contract/shape.ts';\nexport const route = shape;\n",
};

describe('import boundaries', () => {
  // each check starts dependency-cruiser (2–6 s on a busy machine)
  it('a tree that keeps the rules passes', () => {
    tree(clean);
    expect(violations()).toEqual([]);
  }, 60_000);

  it('each broken rule is reported by name', () => {
    tree({
      ...clean,
      'src/features/a/screen.tsx': "import { b } from '~/features/b/screen.tsx';\nexport const a = b;\n",
      'src/ui/part.ts': "import { a } from '../features/a/screen.tsx';\nexport const part = a;\n",
      'src/domain/rule.ts': "import { shape } from '../contract/shape.ts';\nexport const rule = shape;\n",
      'src/lib/x.ts':
        "import { route } from '../server/route.ts';\nimport { y } from './y.ts';\nexport const x = route + y;\n",
      'src/lib/y.ts': "import { x } from './x.ts';\nexport const y = x;\n",
      'src/server/route.ts': "import { part } from '~/ui/part.ts';\nexport const route = part;\n",
    });
    const found = violations();
    expect(found).toContain('feature-to-feature src/features/a/screen.tsx -> src/features/b/screen.tsx');
    expect(found).toContain('shared-to-feature src/ui/part.ts -> src/features/a/screen.tsx');
    expect(found).toContain('domain-pure src/domain/rule.ts -> src/contract/shape.ts');
    expect(found).toContain('client-to-server src/lib/x.ts -> src/server/route.ts');
    expect(found).toContain('server-to-client src/server/route.ts -> src/ui/part.ts');
    expect(found.some((v) => v.startsWith('no-cycle src/lib/'))).toBe(true);
  }, 60_000);
});
