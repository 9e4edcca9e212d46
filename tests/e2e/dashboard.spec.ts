import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { apiToken, newUser, pdfFile, registerByApi, signIn, SOY_EXPERIMENT } from './fixtures.js';

// Every journey here looks at its own experiments through a product name no one else uses.
const lote = `Lote E2E ${Date.now().toString(36)}`;
const user = newUser({ role: 'consultor' });
const uploaded = pdfFile('Relatório Dashboard.pdf', 'dashboard-bytes');

const base = { ...SOY_EXPERIMENT, consultoria: 'Dash Consultoria' };
const tr = (produtividade: number) => [
  { nome: 'Testemunha', modalidade: 'Foliar', produtividade: produtividade - 300 },
  { nome: 'Tratado', modalidade: 'Sementes', produtividade, produtos_aplicados: [{ nome: lote, dose: 1, custo: 25 }] },
];

async function seed(request: APIRequestContext) {
  await registerByApi(request, user);
  const auth = await apiToken(request, user);
  const specs = [
    { ...base, consultoria: 'Alfa Agro', latitude: -17.79, longitude: -50.92, custo_protocolo: 1000, roi: 100000, tratamentos: tr(3600) },
    { ...base, consultoria: 'Beta Agro', cultura: 'Milho', cultivar: 'DKB 390', custo_protocolo: 2000, roi: 300000, tratamentos: tr(9800) },
    {
      ...base,
      consultoria: 'Gama Agro',
      regional: 'Nordeste',
      cidade: 'Petrolina',
      estado: 'PE',
      custo_protocolo: 3000,
      roi: 200000,
      tratamentos: tr(3400),
    },
  ];
  for (const data of specs) {
    const res = await request.post('/api/experiments', { headers: auth, multipart: { data: JSON.stringify(data), pdf: uploaded } });
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
  await signIn(page, user, null);
});

const open = (page: Page, query: Record<string, string>) => page.goto(`/dashboard?${new URLSearchParams({ produto: lote, ...query })}`);
const stat = (page: Page, title: string) => page.getByTestId('stat-card').filter({ hasText: title }).getByTestId('stat-value');

test('filters change the cards and the URL, and Limpar Filtros resets them', async ({ page }) => {
  await open(page, {});
  await expect(page.getByRole('heading', { name: 'Dashboard Agrícola' })).toBeVisible();
  await expect(page.getByText('Análise completa dos experimentos cadastrados')).toBeVisible();
  await expect(stat(page, 'Total de Experimentos')).toHaveText('3');
  await expect(stat(page, 'Consultorias Ativas')).toHaveText('3');
  await expect(stat(page, 'ROI Médio (BRL)')).toContainText('200.000,00');
  await expect(page.locator('select[name="produto"]')).toHaveValue(lote);

  await page.locator('select[name="cultura"]').selectOption('Milho');
  await expect(page).toHaveURL(/cultura=Milho/);
  await expect(stat(page, 'Total de Experimentos')).toHaveText('1');
  await expect(stat(page, 'Produtividade Média (kg/ha)')).toHaveText('9.650 kg/ha');
  await page.goBack();
  await expect(stat(page, 'Total de Experimentos')).toHaveText('3');

  await page.getByRole('button', { name: 'Limpar Filtros' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Limpar Filtros' })).toHaveCount(0);
  for (const [name, text] of [
    ['regional', 'Todas as regionais'],
    ['cultura', 'Todas as culturas'],
    ['marca', 'Todas as marcas'],
  ]) {
    await expect(page.locator(`select[name="${name}"] option`).first()).toHaveText(text!);
  }
  expect(await page.locator('select[name="ano"] option').count()).toBe(12);
});

test('the correlation explorer: a shortcut shows Pearson; pie needs a categorical X', async ({ page }) => {
  await open(page, { aba: 'interativa' });
  await expect(page.getByText('Análise Interativa de Correlações')).toBeVisible();
  await expect(page.locator('select[name="eixoX"]')).toHaveValue('produtividade_media');
  await expect(page.locator('select[name="eixoY"]')).toHaveValue('roi');
  await page.getByRole('button', { name: 'Custo vs ROI' }).click();
  await expect(page.locator('select[name="eixoX"]')).toHaveValue('custo_protocolo');
  await expect(page.getByText('Coeficiente de Pearson', { exact: false })).toBeVisible();
  // One crop at a time by default; across the three crops' trials, custo 1000, 2000, 3000 vs
  // roi 100k, 300k, 200k → r = 0.5.
  await page.locator('select[name="culturaCorrelacao"]').selectOption('');
  await expect(page.getByText('0,500')).toBeVisible();
  await expect(page.getByText(/moderada/i)).toBeVisible();
  await page.locator('select[name="tipoGrafico"]').selectOption('pie');
  await expect(page.getByText('Gráfico de pizza requer variável categórica no eixo X')).toBeVisible();
  await page.getByRole('button', { name: 'Cultura vs Performance' }).click();
  await expect(page.getByText('Coeficiente de Pearson', { exact: false })).toHaveCount(0);
});

test('documents: search, empty state, PDF download byte for byte, and Ver opens the PDF', async ({ page, context }) => {
  await open(page, { aba: 'documentos' });
  await expect(page.getByText('3 documentos disponíveis')).toBeVisible();
  const search = page.getByPlaceholder('Buscar por consultoria, cidade, cultura ou marca...');
  await search.fill('petrolina');
  await expect(page.getByText('1 documento disponível')).toBeVisible();
  await search.fill('zzz-nada');
  await expect(page.getByText('Nenhum resultado encontrado')).toBeVisible();
  await expect(page.getByText('Tente ajustar os termos de busca para encontrar os documentos desejados.')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar busca' }).click();
  await expect(page.getByText('3 documentos disponíveis')).toBeVisible();

  const downloadPromise = page.waitForEvent('download');
  await page
    .getByRole('button', { name: /Baixar PDF do experimento/ })
    .first()
    .click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Relatório Dashboard.pdf');
  expect(readFileSync((await download.path())!).equals(uploaded.buffer)).toBe(true);

  const pagePromise = context.waitForEvent('page');
  await page
    .getByRole('button', { name: /Ver PDF do experimento/ })
    .first()
    .click();
  const viewer = await pagePromise;
  await expect.poll(() => viewer.url(), { timeout: 10_000 }).toMatch(/^blob:/);
  await viewer.close();
});

test('details modal shows the experiment and closes with Fechar, Escape and the backdrop', async ({ page }) => {
  await open(page, { aba: 'experimentos', cultura: 'Milho' });
  await page.getByRole('button', { name: 'Ver detalhes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Detalhes do Experimento' });
  await expect(dialog).toBeVisible();
  for (const text of [
    'Informações Básicas',
    'Localização e Cultura',
    'Características do Solo',
    'Resultados',
    'Tratamentos',
    'Beta Agro',
    'Rio Verde/GO',
    'DKB 390',
    lote,
  ]) {
    await expect(dialog.getByText(text, { exact: false }).first()).toBeVisible();
  }
  await expect(dialog.getByText('Custo total: R$ 25,00')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Ver detalhes' }).click();
  await page.getByTestId('modal-backdrop').click({ position: { x: 5, y: 5 } });
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Ver detalhes' }).click();
  await dialog.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(dialog).toHaveCount(0);
});

test('CSV export: one row per treatment, BOM and semicolons', async ({ page }) => {
  await open(page, {});
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^experimentos-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toMatch(/^ID;Consultoria;Marca;/);
  expect(lines).toHaveLength(1 + 3 * 2);
  expect(lines.filter((l) => l.includes(lote))).toHaveLength(3);
  expect(text).toContain('-17,79;-50,92');
});

test('delete asks for confirmation and removes the experiment', async ({ page }) => {
  await open(page, { aba: 'experimentos', regional: 'Nordeste' });
  await expect(page.getByRole('heading', { name: 'Experimentos Cadastrados (1)' })).toBeVisible();
  // The app's own dialog (not the browser's confirm), with the spec's question.
  const confirm = page.getByRole('alertdialog', { name: 'Excluir experimento' });
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(confirm.getByText('Tem certeza que deseja excluir este experimento?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Experimentos Cadastrados (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Excluir', exact: true }).click();
  await confirm.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Experimento excluído com sucesso!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Experimentos Cadastrados (0)' })).toBeVisible();
  await expect(page.getByText('Nenhum experimento encontrado.')).toBeVisible();
});

test('edit from the table opens the form in edit mode', async ({ page }) => {
  await open(page, { aba: 'experimentos', cultura: 'Milho' });
  await page.getByRole('button', { name: 'Editar', exact: true }).click();
  await expect(page).toHaveURL(/\/novo-experimento$/);
  await expect(page.getByText('Modo de Edição')).toBeVisible();
  await expect(page.locator('input[name="consultoria"]')).toHaveValue('Beta Agro');
});

test('clicking a marker opens its popup with the experiment details', async ({ page }) => {
  await open(page, { cultura: 'Soja', regional: 'GO' });
  const canvas = page.locator('.leaflet-container');
  await expect(canvas.locator('canvas').first()).toBeVisible();
  // Web Mercator pixel of Alfa Agro's coordinates relative to the map centre (-14.235, -51.9253), zoom 4.
  const project = (lat: number, lng: number) => {
    const scale = 256 * 2 ** 4;
    const s = Math.sin((lat * Math.PI) / 180);
    return { x: (scale * (lng + 180)) / 360, y: scale * (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) };
  };
  const c = project(-14.235, -51.9253);
  const p = project(-17.79, -50.92);
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 + (p.x - c.x), box.y + box.height / 2 + (p.y - c.y));
  const popup = page.locator('.leaflet-popup');
  await expect(popup).toContainText('Rio Verde/GO');
  await expect(popup).toContainText('Alfa Agro');
  await expect(popup).toContainText('Tratamentos');
});
