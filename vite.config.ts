import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, build, defineConfig } from 'vite';

const apiPort = Number(process.env.PORT ?? 3000);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Builds src/web/sw.ts into <outDir>/sw.js (root scope) once the app is written: the precache
 * list is every file of the build but source maps and the worker itself (the hashed chunks, the
 * CSS, index.html, icons, manifest), and the version is a hash of their contents, so each build
 * that changes anything installs as a new version.
 */
function serviceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'gestao-agricola-sw',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = filesUnder(outDir)
        .filter((file) => !file.endsWith('.map') && relative(outDir, file) !== 'sw.js')
        .sort();
      const hash = createHash('sha256');
      const urls = files.map((file) => {
        const url = `/${relative(outDir, file).split(sep).join('/')}`;
        hash.update(url).update(readFileSync(file));
        return url;
      });
      hash.update(readFileSync('src/web/sw.ts')).update(readFileSync('src/web/sw/routes.ts'));
      await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: { __SW_VERSION__: JSON.stringify(hash.digest('hex').slice(0, 16)), __SW_PRECACHE__: JSON.stringify(urls) },
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          sourcemap: false,
          lib: { entry: resolve('src/web/sw.ts'), formats: ['iife'], name: 'gestaoAgricolaSw', fileName: () => 'sw.js' },
        },
      });
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), serviceWorker()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
