// Builds the web bundle and/or the compiled server when their sources are newer than the last
// build (or the build is missing). Used by `npm start` and `npm run db:migrate`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newest(paths) {
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
  paths.forEach((p) => walk(join(root, p)));
  return max;
}

const TARGETS = {
  web: {
    stamp: 'dist/web/.build-stamp',
    inputs: ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'],
    command: ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    label: 'interface web',
  },
  server: {
    stamp: 'dist/node/.build-stamp',
    inputs: ['src/server', 'src/shared', 'tsconfig.json', 'tsconfig.server.json', 'package-lock.json'],
    command: ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json'],
    label: 'servidor',
  },
};

export function buildIfStale(which = ['web', 'server']) {
  for (const name of which) {
    const t = TARGETS[name];
    const stamp = join(root, t.stamp);
    const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
    if (built > newest(t.inputs)) continue;
    const started = Date.now();
    console.log(`Compilando ${t.label}...`);
    const res = spawnSync(process.execPath, t.command, { cwd: root, stdio: 'inherit' });
    if (res.status !== 0) {
      console.error(`Falha ao compilar ${t.label}.`);
      process.exit(res.status ?? 1);
    }
    writeFileSync(stamp, new Date().toISOString() + '\n');
    console.log(`${t.label} compilado em ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
