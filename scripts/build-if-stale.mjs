// Builds the web bundle and/or the compiled server when their sources are newer than the last
// build (or the build is missing). Used by `npm start`, `npm run db:migrate`, `seed:demo` and the other scripts.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newest(base, paths) {
  let max = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) {
        if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
        walk(join(p, entry));
      }
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  paths.forEach((p) => walk(join(base, p)));
  return max;
}

/**
 * What can be built. `label` names it in the progress lines, `done` starts the closing one, `what`
 * says what the step makes (a fresh clone's server took ~50 s on 2 cores).
 */
export const TARGETS = {
  web: {
    stamp: 'dist/web/.build-stamp',
    inputs: ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'],
    command: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    label: 'a interface web',
    done: 'Interface web compilada',
    what: 'Vite → dist/web',
  },
  server: {
    stamp: 'dist/node/.build-stamp',
    inputs: ['src/server', 'src/shared', 'tsconfig.json', 'tsconfig.server.json', 'package-lock.json'],
    command: ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json'],
    label: 'o servidor',
    done: 'Servidor compilado',
    what: 'TypeScript → dist/node',
  },
};

const seconds = (ms) => (ms / 1000).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Builds each of `which` whose sources changed since its last build (or that was never built).
 * A long step is announced before it starts (what it does, and that it happens only once until the
 * code changes: the compiler itself prints nothing for up to a minute) and when it ends; a build
 * that is up to date prints nothing. `base`, `targets` and `log` are for tests.
 */
export function buildIfStale(which = ['web', 'server'], { base = root, targets = TARGETS, log = console.log } = {}) {
  for (const name of which) {
    const t = targets[name];
    const stamp = join(base, t.stamp);
    const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
    if (built > newest(base, t.inputs)) continue;
    const started = Date.now();
    log(`Compilando ${t.label} (${t.what}), pode levar um minuto; isso só acontece na primeira vez e depois de mudanças no código...`);
    const res = spawnSync(process.execPath, t.command, { cwd: base, stdio: 'inherit' });
    if (res.status !== 0) {
      console.error(`Falha ao compilar ${t.label}.`);
      process.exit(res.status ?? 1);
    }
    mkdirSync(dirname(stamp), { recursive: true });
    writeFileSync(stamp, new Date().toISOString() + '\n');
    log(`${t.done} em ${seconds(Date.now() - started)} s.`);
  }
}
