/**
 * scripts/build-if-stale.mjs (`npm start`, `seed:demo`, `db:migrate`…): a build step is announced
 * in pt-BR before it starts (what it does, that it happens once) and when it ends; an up-to-date
 * build says nothing. Run in a child process as the scripts run it, on a throw-away folder with
 * the real targets' wording and a stand-in compiler.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { packageRoot } from './paths.js';

const script = pathToFileURL(join(packageRoot(), 'scripts/build-if-stale.mjs')).href;
const base = mkdtempSync(join(tmpdir(), 'ga-build-if-stale-'));
mkdirSync(join(base, 'src/server'), { recursive: true });
writeFileSync(join(base, 'src/server/main.ts'), 'export {};\n');
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** One run of buildIfStale(['server']) in `base`, its "compiler" printing a line of its own. */
function run(compiler = "console.log('tsc rodando')") {
  const code = `
    import { TARGETS, buildIfStale } from ${JSON.stringify(script)};
    const targets = { server: { ...TARGETS.server, command: ['-e', ${JSON.stringify(compiler)}] } };
    buildIfStale(['server'], { base: ${JSON.stringify(base)}, targets });
  `;
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
  return { status: res.status, out: res.stdout, err: res.stderr };
}

describe('buildIfStale', () => {
  it('announces the compile before it starts and when it is done, then says nothing while nothing changed', () => {
    const first = run();
    expect(first.err).toBe('');
    expect(first.status).toBe(0);
    const lines = first.out.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      'Compilando o servidor (TypeScript → dist/node), pode levar um minuto; isso só acontece na primeira vez e depois de mudanças no código...',
    );
    expect(lines[1]).toBe('tsc rodando');
    expect(lines[2]).toMatch(/^Servidor compilado em \d+,\d s\.$/);

    expect(run().out).toBe('');

    // A source newer than the stamp: compiled, and announced, again.
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(base, 'src/server/main.ts'), later, later);
    expect(run().out).toMatch(/^Compilando o servidor .*\ntsc rodando\nServidor compilado em/);
  });

  it('a failed compile says so and ends with its exit code, without the closing line', () => {
    const later = new Date(Date.now() + 10_000);
    utimesSync(join(base, 'src/server/main.ts'), later, later);
    const res = run('process.exit(3)');
    expect(res.status).toBe(3);
    expect(res.out).toMatch(/^Compilando o servidor /);
    expect(res.out).not.toContain('compilado em');
    expect(res.err).toBe('Falha ao compilar o servidor.\n');
  });
});
