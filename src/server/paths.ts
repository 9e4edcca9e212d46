import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package root, found by walking up from this module: the same answer whether the server
 * runs from `src/` (tsx, vitest) or from the compiled `dist/node/`.
 */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json não encontrado');
    dir = parent;
  }
  return dir;
}

export const MIGRATIONS_DIR = join(packageRoot(), 'src', 'server', 'db', 'migrations');
export const WEB_DIST_DIR = join(packageRoot(), 'dist', 'web');
