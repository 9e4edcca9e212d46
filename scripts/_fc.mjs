import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
const port = 3999;
const srv = spawn('node', ['dist/node/server/main.js'], { env: { ...process.env, PORT: String(port), DATA_DIR: '/tmp/ga-prof', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((r) => srv.stdout.on('data', (d) => d.toString().includes('pronta') && r()));
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
const reqs = [];
page.on('requestfinished', (r) => { if (r.url().includes('/api/')) { const t = r.timing(); reqs.push(`${r.url().replace(base, '')} ${Math.round(t.responseEnd)}ms`); } });
await page.goto(`${base}/login`);
await page.locator('input[name=email]').fill('demo@gestaoagricola.com.br');
await page.locator('input[name=password]').fill('demo1234');
await page.getByRole('button', { name: 'Entrar' }).click();
await page.waitForURL('**/dashboard');
await page.locator('.recharts-surface').nth(5).waitFor({ timeout: 60000 });
await page.waitForTimeout(1500);
for (const c of ['Soja', 'Milho', 'Soja', 'Milho', 'Trigo']) {
  reqs.length = 0;
  const before = await page.getByTestId('stat-value').first().textContent();
  const cdp = await page.context().newCDPSession(page);
  if (c === 'Trigo') { await cdp.send('Profiler.enable'); await cdp.send('Profiler.start'); }
  const t0 = Date.now();
  await page.locator('select[name=cultura]').selectOption(c);
  await page.waitForFunction((b) => document.querySelector('[data-testid=stat-value]')?.textContent !== b, before, { timeout: 60000 });
  await page.locator('.recharts-surface').nth(5).waitFor();
  const ms = Date.now() - t0;
  console.log(c, ms, 'ms', reqs.join(' | '));
  if (c === 'Trigo') {
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map(); const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const dt = profile.timeDeltas; const samples = profile.samples;
    for (let i = 0; i < samples.length; i++) { const n = byId.get(samples[i]); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + dt[i] / 1000); }
    console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'));
  }
  await page.waitForTimeout(800);
}
await browser.close();
srv.kill('SIGTERM');
