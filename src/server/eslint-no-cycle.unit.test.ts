/**
 * scripts/eslint-no-cycle.mjs, the `local/no-cycle` rule `npm run lint` runs: a circle of imports
 * fails lint. First through the repository's own eslint.config.js, a circle added to a real file;
 * then the rule alone on throw-away folders, for what counts as an edge.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from './paths.js';

const root = packageRoot();
const base = mkdtempSync(join(tmpdir(), 'ga-no-cycle-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const plugin = ((await import(pathToFileURL(join(root, 'scripts/eslint-no-cycle.mjs')).href)) as { default: ESLint.Plugin }).default;

/** The `local/no-cycle` messages of linting every file of a new folder holding `files`. */
async function cyclesIn(files: Record<string, string>, options: Record<string, unknown> = {}) {
  const dir = mkdtempSync(join(base, 'case-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tseslint.parser },
      plugins: { local: plugin },
      rules: { 'local/no-cycle': ['error', options] },
    },
  ];
  const eslint = new ESLint({ cwd: dir, overrideConfigFile: true, overrideConfig: config });
  const results = await eslint.lintFiles(['**/*.ts']);
  return results
    .flatMap((r) => r.messages.map((m) => ({ file: r.filePath.slice(dir.length + 1), line: m.line, rule: m.ruleId, message: m.message })))
    .sort((a, b) => a.file.localeCompare(b.file));
}

describe('local/no-cycle in the repository config', () => {
  const file = join(root, 'src/server/extraction/text-lines.ts');
  const eslint = new ESLint({ cwd: root });

  it('fails lint when a file imports back a module that imports it', async () => {
    const text = `import { readPdfText } from './pdf-text.js';\nexport const reader = readPdfText;\n${readFileSync(file, 'utf8')}`;
    const [result] = await eslint.lintText(text, { filePath: file });
    const cycles = result?.messages.filter((m) => m.ruleId === 'local/no-cycle') ?? [];
    expect(cycles).toHaveLength(1);
    expect(cycles[0]?.severity).toBe(2);
    expect(cycles[0]?.line).toBe(1);
    expect(cycles[0]?.message).toContain(
      'src/server/extraction/text-lines.ts → src/server/extraction/pdf-text.ts → src/server/extraction/text-lines.ts',
    );
  });

  it('passes the same file as it is', async () => {
    const [result] = await eslint.lintText(readFileSync(file, 'utf8'), { filePath: file });
    expect(result?.messages).toEqual([]);
  });
});

describe('local/no-cycle on its own', () => {
  it('reports every import of a circle, across several files, with the path', async () => {
    const found = await cyclesIn({
      'a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
      'b.ts': "import { c } from './dir/c.js';\nexport const b = () => c;\n",
      'dir/c.ts': "export { a as c } from '../a.js';\n",
      'leaf.ts': "import { a } from './a.js';\nexport const leaf = a;\n",
    });
    expect(found.map((f) => [f.file, f.line, f.rule])).toEqual([
      ['a.ts', 1, 'local/no-cycle'],
      ['b.ts', 1, 'local/no-cycle'],
      ['dir/c.ts', 1, 'local/no-cycle'],
    ]);
    expect(found[0]?.message).toBe(
      'Ciclo de imports: a.ts → b.ts → dir/c.ts → a.ts. Mova o que é compartilhado para um módulo que não importe nenhum deles.',
    );
  });

  it('leaves out `import type` and `export type`, which are erased', async () => {
    const found = await cyclesIn({
      'a.ts': "import { b } from './b.js';\nexport type A = { n: number };\nexport const a = b;\n",
      'b.ts': "import type { A } from './a.js';\nexport type { A as B } from './a.js';\nexport const b: A = { n: 1 };\n",
    });
    expect(found).toEqual([]);
  });

  it('counts `import { type A }`, which verbatimModuleSyntax keeps as an import', async () => {
    const found = await cyclesIn({
      'a.ts': "import { b } from './b.js';\nexport type A = { n: number };\nexport const a = b;\n",
      'b.ts': "import { type A } from './a.js';\nexport const b: A = { n: 1 };\n",
    });
    expect(found.map((f) => f.file)).toEqual(['a.ts', 'b.ts']);
  });

  it('counts a dynamic import() unless told to follow static imports only', async () => {
    const files = {
      'a.ts': "export async function load() {\n  return (await import('./b.js')).b;\n}\n",
      'b.ts': "import { load } from './a.js';\nexport const b = load;\n",
    };
    expect((await cyclesIn(files)).map((f) => [f.file, f.line])).toEqual([
      ['a.ts', 2],
      ['b.ts', 1],
    ]);
    expect(await cyclesIn(files, { ignoreDynamicImports: true })).toEqual([]);
  });

  it('does not follow packages or imports that resolve to nothing', async () => {
    const found = await cyclesIn({
      'a.ts': "import { z } from 'zod';\nimport './missing.js';\nimport './b.js';\nexport const a = z;\n",
      'b.ts': "import 'zod';\n",
    });
    expect(found).toEqual([]);
  });
});
