/**
 * Browser journeys against the built app, started on a free port with a throw-away DATA_DIR.
 * Debian's Chromium is used; no browser is ever downloaded.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

// Workers re-read this file: the main process picks the port and data folder once and passes
// them down through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'ga-e2e-'));
// The journeys start a real SMTP server on this port when they need the mail.
process.env.E2E_SMTP_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 120_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: 'test-results',
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The production build registers a service worker; requests it answers would bypass
    // page.route, which many journeys use. The offline journeys allow it (test.use).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // Software compositing in the GPU process cost a tenth of the suite's CPU (measured: 107 → 91
        // core-seconds for dashboard.spec.ts); nothing a journey checks depends on it.
        '--disable-gpu-compositing',
      ],
    },
  },
  webServer: {
    command: 'node --max-semi-space-size=2 dist/node/server/main.js',
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      // Every journey signs up and in from 127.0.0.1.
      AUTH_LIMIT_PER_IP: '10000',
      SIGNUP_LIMIT_PER_IP: '10000',
    },
  },
});
