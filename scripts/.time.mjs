import { chromium } from '@playwright/test';
const base = 'http://localhost:3500';
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
const page = await ctx.newPage();
await page.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
await page.goto(base + '/login');
await page.locator('input[name=email]').fill('demo@gestaoagricola.com.br');
await page.locator('input[name=password]').fill('demo1234');
await page.getByRole('button', { name: 'Entrar' }).click();
await page.waitForURL('**/dashboard');
for (let run = 0; run < 3; run++) {
  await page.goto(base + '/perfil');
  await page.getByText('Membro desde').waitFor();
  const t0 = Date.now();
  await page.evaluate(() => {
    history.pushState({}, '', '/dashboard');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByTestId('stat-card').first().waitFor();
  const tCards = Date.now() - t0;
  await page.locator('.recharts-surface').nth(5).waitFor();
  const tCharts = Date.now() - t0;
  await page.locator('.leaflet-container canvas').first().waitFor();
  const tMap = Date.now() - t0;
  const before = await page.getByTestId('stat-value').first().textContent();
  const t1 = Date.now();
  await page.locator('select[name=cultura]').selectOption(run % 2 ? 'Milho' : 'Soja');
  await page.waitForFunction((b) => document.querySelector('[data-testid=stat-value]')?.textContent !== b, before);
  await page.locator('.recharts-surface').nth(5).waitFor();
  const tFilter = Date.now() - t1;
  console.log(`run ${run}: cards ${tCards} ms, charts ${tCharts} ms, map ${tMap} ms, filter ${tFilter} ms`);
  await page.goto(base + '/dashboard');
}
await browser.close();
