// What the benchmark scripts share: their command-line options, a free port, the server they start
// and waiting for it, the percentile of a sorted list, the multipart body of an experiment save, and
// Debian's Chromium launched headless without background traffic.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { root } from './build-if-stale.mjs';

/** The value after `--name` on the command line, or `def`. */
export function option(name, def) {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
}

/** The p-th percentile (nearest rank) of ascending `sorted`; 0 for an empty list. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * The multipart/form-data body of POST/PUT /api/experiments: the experiment as the `data` part and,
 * when given, `pdf` as the report. Returns the body and its content type.
 */
export function experimentMultipart(data, pdf, { boundary = '----gestaobench', filename = 'relatorio.pdf' } = {}) {
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`),
    ...(pdf
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          pdf,
          Buffer.from('\r\n'),
        ]
      : []),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The fields of a benchmark experiment before its treatments (a valid save with any treatments). */
export const BENCH_EXPERIMENT = {
  consultoria: 'Bench Consultoria',
  marca: 'Aminoagro',
  bu: 'BU1',
  regional: 'GO',
  cidade: 'Rio Verde',
  estado: 'GO',
  teor_argila: 45,
  teor_materia_organica: 3,
  cultura: 'Soja',
  cultivar: 'M6410',
  ano: 2025,
  tipo_estatistica: 'DBC',
  custo_protocolo: 5000,
};

/** A file of `bytes` bytes that passes the server's PDF check. */
export const benchPdf = (bytes) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 16, 0x20), Buffer.from('\n%%EOF\n')]);

/* Polls GET /api/health every half second. */
/** Resolves when `base` answers /api/health; rejects after `tries` polls (120 s by default). */
export async function waitForHealth(base, tries = 240) {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${base} não respondeu a /api/health`);
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Debian's Chromium (or CHROMIUM_PATH), headless, never a downloaded browser. */
export async function launchChromium() {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** Signs in as the demo seed's user and returns the bearer header. */
export async function demoAuth(base) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@gestaoagricola.com.br', password: 'demo1234' }),
  });
  return { authorization: `Bearer ${(await login.json()).token}` };
}

/**
 * The environment of a benchmark's server: this port on the loopback, this data folder (or
 * PostgreSQL at `databaseUrl`), warnings only, no sign-in limits (a benchmark signs in often).
 */
export function benchServerEnv({ port, dataDir, databaseUrl = '', logLevel = 'warn' }) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: logLevel,
    AUTH_LIMIT_PER_EMAIL: '1000000',
    AUTH_LIMIT_PER_IP: '1000000',
  };
}

/**
 * The built server (of `serverRoot`, this checkout by default) as its own process, started as
 * `npm start` starts it (a small young generation keeps RSS down); its errors go to ours.
 */
export function spawnBenchServer(env, { serverRoot = root, stdout = 'ignore' } = {}) {
  return spawn(process.execPath, ['--max-semi-space-size=2', join(serverRoot, 'dist/node/server/main.js')], {
    env,
    stdio: ['ignore', stdout, 'inherit'],
  });
}
