/**
 * Issue 19, comparisons that make sense and the overview's charts on a phone: with soybean and
 * sugarcane in view no single mean yield across crops; chart tick labels never overlap at 375 and
 * 1280 px; a click on a bar sets its filter; a new installation is invited to start.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { apiToken, newUser, pdfFile, registerByApi, signIn, SOY_EXPERIMENT } from './fixtures.js';

// Every journey here looks at its own experiments through a product name no one else uses.
const lote = `Lote Overview ${Date.now().toString(36)}`;
const user = newUser({ role: 'consultor' });

const base = { ...SOY_EXPERIMENT, consultoria: 'Overview Consultoria', custo_protocolo: 1000 };
const tr = (control: number, treated: number) => [
  { nome: 'Testemunha', modalidade: 'Foliar', produtividade: control },
  { nome: 'Tratado', modalidade: 'Sementes', produtividade: treated, produtos_aplicados: [{ nome: lote, dose: 1, custo: 25 }] },
];
// Soybean trials of 3.300 and 3.600 kg/ha (3.450 on average); sugarcane 86.000 kg/ha. A mean across
// the three would be 30.967 kg/ha.
const SPECS = [
  { ...base, tratamentos: tr(3000, 3600) },
  { ...base, regional: 'Nordeste', cidade: 'Petrolina', estado: 'PE', ano: 2024, tratamentos: tr(3400, 3800) },
  { ...base, cultura: 'Cana-de-açúcar', cultivar: 'RB867515', marca: 'Dimicron', regional: 'Cerrado MG', tratamentos: tr(82_000, 90_000) },
];
const CROSS_CROP_MEAN = ['30.967', '30.966'];

async function seed(request: APIRequestContext) {
  await registerByApi(request, user);
  const auth = await apiToken(request, user);
  for (const data of SPECS) {
    const res = await request.post('/api/experiments', {
      headers: auth,
      multipart: { data: JSON.stringify(data), pdf: pdfFile('Relatório Overview.pdf', 'overview') },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

let seeded = false;
test.beforeEach(async ({ page, request }) => {
  if (!seeded) {
    await seed(request);
    seeded = true;
  }
  await page.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
});

const open = async (page: Page, query: Record<string, string> = {}) => {
  await page.goto(`/dashboard?${new URLSearchParams({ produto: lote, ...query })}`);
  await expect(page.getByTestId('stat-card').first()).toBeVisible();
};
const chart = (page: Page, title: string | RegExp) =>
  page.getByTestId('chart-card').filter({ has: page.getByRole('heading', { name: title, exact: typeof title === 'string' }) });

test('with soybean and sugarcane in view no mean yield across them: each crop in its own unit, gains compared', async ({ page }) => {
  await signIn(page, user, null);
  await open(page);
  await expect(page.getByTestId('stat-card').filter({ hasText: 'Total de Experimentos' }).getByTestId('stat-value')).toHaveText('3');
  await expect(page.getByTestId('stat-card').filter({ hasText: 'Produtividade Média (kg/ha)' })).toHaveCount(0);
  // (20 % + 11,8 % + 9,8 %) / 3 over the controls.
  await expect(page.getByTestId('stat-card').filter({ hasText: 'Ganho Médio sobre a Testemunha' }).getByTestId('stat-value')).toHaveText(
    '+13,8%',
  );
  const crops = page.getByTestId('yield-by-crop');
  await expect(crops.getByRole('button', { name: /^Soja: 57,5 sc\/ha\./ })).toBeVisible();
  await expect(crops.getByRole('button', { name: /^Cana-de-açúcar: 86 t\/ha\./ })).toBeVisible();
  await expect(crops).toContainText('3.450 kg/ha');
  // Cross-crop charts compare gains, and the page nowhere shows the meaningless mean.
  await expect(page.getByRole('heading', { name: 'Ganho médio sobre a testemunha por regional (%)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Taxa de vitória sobre a testemunha' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mapa dos Experimentos' })).toBeVisible();
  const text = await page.locator('body').innerText();
  for (const mean of CROSS_CROP_MEAN) expect(text).not.toContain(mean);

  // One crop: the spec's card, its customary unit underneath.
  await crops.getByRole('button', { name: /^Soja:/ }).click();
  await expect(page).toHaveURL(/cultura=Soja/);
  const yieldCard = page.getByTestId('stat-card').filter({ hasText: 'Produtividade Média (kg/ha)' });
  await expect(yieldCard.getByTestId('stat-value')).toHaveText('3.450 kg/ha');
  await expect(yieldCard.getByTestId('stat-detail')).toHaveText('57,5 sc/ha · Soja');
});

/** Every axis's tick labels in the overview's charts, as boxes; overlapping pairs are reported. */
async function overlappingTicks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const charts = [...document.querySelectorAll('[data-testid="chart-card"]')];
    for (const card of charts) {
      const title = card.querySelector('h3')?.textContent ?? '?';
      for (const axis of card.querySelectorAll('.recharts-cartesian-axis-tick-labels, .recharts-cartesian-axis')) {
        const boxes = [...axis.querySelectorAll('text')]
          .filter((t) => (t.textContent ?? '').trim())
          .map((t) => ({ text: t.textContent ?? '', r: t.getBoundingClientRect() }));
        for (let i = 0; i < boxes.length; i++)
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i]!.r;
            const b = boxes[j]!.r;
            const overlap = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
            if (overlap) problems.push(`${title}: "${boxes[i]!.text}" × "${boxes[j]!.text}"`);
          }
      }
    }
    return problems;
  });
}

for (const width of [375, 1280]) {
  test(`no overlapping tick labels on the overview charts at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, user, null);
    // Everyone's experiments (more categories) and this journey's own; then one crop.
    for (const query of [{ produto: '' }, {}, { cultura: 'Soja' }] as Record<string, string>[]) {
      await open(page, query);
      await expect(page.locator('[data-testid="chart-card"] .recharts-surface').first()).toBeVisible();
      await expect
        .poll(() => page.locator('[data-testid="chart-card"] .recharts-cartesian-axis-tick-labels text').count())
        .toBeGreaterThan(10);
      expect(await overlappingTicks(page), JSON.stringify(query)).toEqual([]);
      // No chart is wider than its card (nothing is cut at the right edge).
      const wider = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="chart-card"]')]
          .filter((c) => c.scrollWidth > c.clientWidth + 1)
          .map((c) => c.querySelector('h3')?.textContent),
      );
      expect(wider).toEqual([]);
    }
  });
}

test('a click on a bar sets its filter; the data table does the same from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, user, null);
  await open(page);
  // Crops sorted by mean yield: sugarcane, then soybean.
  const crops = chart(page, 'Produtividade média por cultura (kg/ha)');
  await crops.locator('.recharts-bar-rectangle').nth(1).click();
  await expect(page).toHaveURL(/cultura=Soja/);
  await expect(page.locator('select[name="cultura"]')).toHaveValue('Soja');

  await page.goBack();
  await expect(page).not.toHaveURL(/cultura=/);
  const regional = chart(page, 'Ganho médio sobre a testemunha por regional (%)');
  await regional.getByRole('button', { name: 'Ver dados' }).click();
  const table = regional.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(4);
  await table.getByRole('button', { name: 'Nordeste: filtrar por Nordeste' }).press('Enter');
  await expect(page).toHaveURL(/regional=Nordeste/);
  await expect(page.locator('select[name="regional"]')).toHaveValue('Nordeste');
});

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

test('a new installation invites "Cadastrar o primeiro experimento" instead of empty charts', async ({ page, playwright }) => {
  // Its own installation: the shared one already holds other journeys' experiments.
  const dataDir = mkdtempSync(join(tmpdir(), 'ga-e2e-empty-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--max-semi-space-size=2', 'dist/node/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
    },
    stdio: 'ignore',
  });
  try {
    const request = await playwright.request.newContext({ baseURL });
    await expect.poll(async () => (await request.get('/api/health').catch(() => null))?.status(), { timeout: 60_000 }).toBe(200);
    const first = newUser({ role: 'user' });
    await registerByApi(request, first);
    await request.dispose();

    await page.goto(`${baseURL}/login`);
    await page.locator('input[name="email"]').fill(first.email);
    await page.locator('input[name="password"]').fill(first.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    const invitation = page.getByTestId('empty-overview');
    await expect(invitation).toBeVisible();
    await expect(page.getByTestId('chart-card')).toHaveCount(0);
    await expect(page.getByText('Sem dados para os filtros atuais.')).toHaveCount(0);
    await invitation.getByRole('link', { name: 'Cadastrar o primeiro experimento' }).click();
    await expect(page).toHaveURL(/\/novo-experimento$/);

    // With a filter set, nothing matches: one note, not seven empty charts, and no invitation.
    await page.goto(`${baseURL}/dashboard?cultura=Soja`);
    await expect(page.getByTestId('no-match')).toBeVisible();
    await expect(page.getByTestId('empty-overview')).toHaveCount(0);
  } finally {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
