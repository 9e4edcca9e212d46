/**
 * Issue 19, finding an experiment and the phone layout: the "Experimentos" tab sorted by its
 * headers and searched by the shared search box, a row opening `?experimento=<id>`; the report's
 * tables with no merged columns at 375 and 1280 px; the filters in a "Filtros (N)" sheet at 375 px.
 */
import { type APIRequestContext, type Locator, type Page, expect, test } from '@playwright/test';
import { apiToken, newUser, pdfFile, registerByApi, signIn, SOY_EXPERIMENT } from './fixtures.js';

// Every journey here looks at its own experiments through a product name no one else uses.
const lote = `Lote Busca ${Date.now().toString(36)}`;
const user = newUser({ role: 'consultor' });

const base = { ...SOY_EXPERIMENT, custo_protocolo: 1000 };
const plain = (produtividade: number) => [
  { nome: 'Testemunha', modalidade: 'Foliar', produtividade: produtividade - 300 },
  { nome: 'Tratado', modalidade: 'Sementes', produtividade, produtos_aplicados: [{ nome: lote, dose: 1, custo: 25 }] },
];
// A trial whose report has long treatment names, big sums of squares and all eight gain columns:
// what ran together before ("MÉDIATUKEY", "5,799,8%", "2521.016,67260.508,33").
const LONG = [
  'Testemunha',
  'Dimicron CoMo + Dimicron Manganês + Dimicron Zinco',
  'Dimicron Fósforo Foliar + Dimicron Potássio 40 + Dimicron Enraizador',
  'Aminoagro Raiz 0,5 L/ha',
];
const replicated = LONG.map((nome, i) => {
  const repeticoes = [3000, 3080, 2950, 3020].map((v, b) => v + i * 260 + ((b * 37 + i * 53) % 90));
  return {
    nome,
    modalidade: 'Foliar',
    produtividade: repeticoes.reduce((a, b) => a + b, 0) / repeticoes.length,
    repeticoes,
    produtos_aplicados: i ? [{ nome: lote, dose: 1, custo: 40 + i * 15 }] : [],
  };
});

const specs = [
  { ...base, consultoria: 'Alfa Agro', roi: 150000, tratamentos: plain(3600) },
  { ...base, consultoria: 'Beta Agro', cultura: 'Milho', roi: 90000, tratamentos: plain(9800) },
  { ...base, consultoria: 'Gama Agro', regional: 'Nordeste', cidade: 'Petrolina', estado: 'PE', roi: 300000, tratamentos: plain(3400) },
  { ...base, consultoria: 'Delta Campo', ano: 2024, roi: null, tratamentos: plain(4100) },
  { ...base, consultoria: 'Ensaio Longo', preco_saca: 120, roi: 200000, tratamentos: replicated },
];

let reportId = 0;
async function seed(request: APIRequestContext) {
  await registerByApi(request, user);
  const auth = await apiToken(request, user);
  for (const data of specs) {
    const res = await request.post('/api/experiments', {
      headers: auth,
      multipart: { data: JSON.stringify(data), pdf: pdfFile(`${data.consultoria}.pdf`) },
    });
    expect(res.status(), await res.text()).toBe(201);
    if (data.consultoria === 'Ensaio Longo') reportId = (await res.json()).experiment.id;
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

const table = (page: Page) => page.getByTestId('experiments-table');
/** The consultorias of the table's rows, top to bottom. */
const firstColumn = (page: Page) => table(page).locator('tbody tr td:first-child').allInnerTexts();
const header = (page: Page, name: string) => table(page).getByRole('columnheader', { name });

test('the Experimentos tab sorts by its headers, follows the search box and opens a row', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, user, `/dashboard?${new URLSearchParams({ produto: lote, aba: 'experimentos' })}`);
  await expect(page.getByRole('tab', { name: 'Experimentos' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Experimentos Cadastrados (5)' })).toBeVisible();
  // Newest first until a header is clicked.
  await expect.poll(() => firstColumn(page)).toEqual(['Ensaio Longo', 'Delta Campo', 'Gama Agro', 'Beta Agro', 'Alfa Agro']);

  await header(page, 'Produtividade').getByRole('button').click();
  await expect(header(page, 'Produtividade')).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/ordem=produtividade_media&direcao=desc/);
  // Means: Beta 9.650, Delta 3.950, Alfa 3.450, Ensaio Longo 3.436, Gama 3.250 kg/ha.
  await expect.poll(() => firstColumn(page)).toEqual(['Beta Agro', 'Delta Campo', 'Alfa Agro', 'Ensaio Longo', 'Gama Agro']);
  await header(page, 'Produtividade').getByRole('button').click();
  await expect(header(page, 'Produtividade')).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => firstColumn(page)).toEqual(['Gama Agro', 'Ensaio Longo', 'Alfa Agro', 'Delta Campo', 'Beta Agro']);

  await header(page, 'Consultoria').getByRole('button').click();
  await expect(header(page, 'Consultoria')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(page, 'Produtividade')).toHaveAttribute('aria-sort', 'none');
  await expect.poll(() => firstColumn(page)).toEqual(['Alfa Agro', 'Beta Agro', 'Delta Campo', 'Ensaio Longo', 'Gama Agro']);
  // Missing ROI last, whichever the direction.
  await header(page, 'ROI').getByRole('button').click();
  await expect.poll(() => firstColumn(page)).toEqual(['Gama Agro', 'Ensaio Longo', 'Alfa Agro', 'Beta Agro', 'Delta Campo']);
  for (const name of ['Regional', 'Cultura', 'Marca', 'Ano', 'PDF']) {
    await header(page, name).getByRole('button').click();
    await expect(header(page, name)).not.toHaveAttribute('aria-sort', 'none');
  }

  // The search box filters the table, and the same term follows to the PDF cards.
  await page.getByRole('searchbox', { name: 'Buscar experimentos' }).fill('rio verde');
  await expect(page.getByRole('heading', { name: 'Experimentos Cadastrados (4)' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar experimentos' }).fill('petrolina');
  await expect(page.getByRole('heading', { name: 'Experimentos Cadastrados (1)' })).toBeVisible();
  await expect.poll(() => firstColumn(page)).toEqual(['Gama Agro']);
  await expect(page).toHaveURL(/busca=petrolina/);
  await page.getByRole('tab', { name: 'Documentos' }).click();
  await expect(page.getByRole('searchbox', { name: 'Buscar documentos' })).toHaveValue('petrolina');
  await expect(page.getByText('1 documento disponível')).toBeVisible();
  await page.getByRole('tab', { name: 'Experimentos' }).click();
  await page.getByRole('searchbox', { name: 'Buscar experimentos' }).fill('nada-disso');
  await expect(page.getByText('Nenhum experimento encontrado.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar experimentos' }).fill('');
  await expect(page.getByRole('heading', { name: 'Experimentos Cadastrados (5)' })).toBeVisible();

  // A click on a row (not only on its eye button) opens the details through ?experimento=<id>.
  await table(page)
    .getByRole('row', { name: /Delta Campo/ })
    .getByRole('cell')
    .nth(2)
    .click();
  const dialog = page.getByRole('dialog', { name: 'Detalhes do Experimento' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Delta Campo').first()).toBeVisible();
  await expect(page).toHaveURL(/experimento=\d+/);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/experimento=/);

  // The link other parts use (map popup, correlation point) opens it from any tab.
  await page.goto(`/dashboard?produto=${encodeURIComponent(lote)}&experimento=${reportId}`);
  await expect(dialog.getByText('Ensaio Longo').first()).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Análise de variância' })).toBeVisible();
});

/** Cells of one row whose boxes overlap (touching is fine), and cells whose text is wider than their box. */
async function tableProblems(t: Locator) {
  return t.evaluate((el) => {
    const problems: string[] = [];
    for (const row of Array.from(el.querySelectorAll('tr'))) {
      const cells = Array.from(row.children) as HTMLElement[];
      const boxes = cells.map((c) => c.getBoundingClientRect());
      for (let i = 1; i < boxes.length; i++) {
        if (boxes[i]!.left < boxes[i - 1]!.right - 0.5) problems.push(`overlap: ${cells[i - 1]!.innerText} | ${cells[i]!.innerText}`);
      }
      for (const c of cells) {
        if (c.scrollWidth > c.clientWidth + 1) problems.push(`overflow: ${c.innerText}`);
        // Text reaching the cell's edge would touch its neighbour: there must be padding.
        const style = getComputedStyle(c);
        if (parseFloat(style.paddingLeft) < 6 || parseFloat(style.paddingRight) < 6) problems.push(`no padding: ${c.innerText}`);
      }
    }
    return problems;
  });
}

for (const width of [375, 1280]) {
  test(`the report's tables never merge columns at ${width} px and scroll inside their card`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, user, `/experimentos/${reportId}/relatorio`);
    const tables = page.locator('.report-table');
    // The treatments (with their products), ANOVA, assumptions, means, gains, Dunnett, regression.
    await expect(tables).toHaveCount(7);
    for (const name of ['Análise de variância', 'Testes dos pressupostos', 'Médias (kg/ha) e letras a 5%']) {
      await expect(page.getByRole('table', { name })).toBeVisible();
    }
    await expect(page.getByRole('table', { name: /^Ganho sobre a testemunha/ })).toBeVisible();
    for (const t of await tables.all()) expect(await tableProblems(t)).toEqual([]);
    // Column headers are separate words, not "MÉDIATUKEY".
    const means = page.getByRole('table', { name: 'Médias (kg/ha) e letras a 5%' });
    expect(await means.locator('th').allInnerTexts()).toEqual(['TRATAMENTO', 'MÉDIA', 'TUKEY', 'SCOTT-KNOTT']);
    // Nothing wider than the page: a wide table scrolls in its own box.
    const report = page.locator('article.report');
    const reportBox = (await report.boundingBox())!;
    for (const scroller of await page.locator('.report-scroll').all()) {
      const box = (await scroller.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(reportBox.x - 0.5);
      expect(box.x + box.width).toBeLessThanOrEqual(reportBox.x + reportBox.width + 0.5);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // At 1280 px the gains' eight columns fit without scrolling (issue 29).
    if (width === 1280) {
      const gains = page.getByRole('region', { name: /^Ganho sobre a testemunha/ });
      expect(await gains.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
  });
}

test("the report's tables print whole on an A4 page", async ({ page }) => {
  // 180 mm of printable width at 96 dpi.
  await page.setViewportSize({ width: 680, height: 900 });
  await signIn(page, user, `/experimentos/${reportId}/relatorio`);
  const tables = page.locator('.report-table');
  await expect(tables).toHaveCount(7);
  await page.emulateMedia({ media: 'print' });
  // What a client expects on paper (issue 29): the site, the soil, the design, and each treatment's
  // products with their doses, its modality and its cost.
  const summary = page.getByRole('region', { name: 'Dados do ensaio' });
  for (const text of ['Rio Verde/GO', '40 %', '3 %', 'DBC', 'não informadas'])
    await expect(summary.getByText(text, { exact: true })).toBeVisible();
  const treatments = page.getByRole('table', { name: 'Tratamentos: produtos, doses, modalidade, produtividade e custo' });
  await expect(treatments.getByRole('row', { name: /^Aminoagro Raiz 0,5 L\/ha/ })).toContainText(`${lote} · 1`);
  await expect(treatments.getByRole('row', { name: /^Aminoagro Raiz 0,5 L\/ha/ })).toContainText('Foliar');
  await expect(treatments.getByRole('row', { name: /^Aminoagro Raiz 0,5 L\/ha/ })).toContainText(/R\$\s85,00/);
  // No scrolling box hides a column, and no two cells overlap.
  for (const scroller of await page.locator('.report-scroll').all()) {
    expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
  for (const t of await tables.all()) expect((await tableProblems(t)).filter((p) => p.startsWith('overlap'))).toEqual([]);
});

test('at 375 px the filters sit in a "Filtros (N)" sheet, tabs show whole labels and taps are 44 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, user, `/dashboard?${new URLSearchParams({ produto: lote, cultura: 'Soja', aba: 'experimentos' })}`);
  const toggle = page.getByRole('button', { name: 'Filtros (2)' });
  await expect(toggle).toBeVisible();
  // Collapsed: the selects are not on the first screen.
  await expect(page.locator('select[name="regional"]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Experimentos Cadastrados (4)' })).toBeVisible();

  await toggle.click();
  const sheet = page.getByRole('dialog', { name: 'Filtros' });
  await expect(sheet).toBeVisible();
  for (const name of ['regional', 'cultura', 'marca', 'ano', 'produto']) {
    await expect(sheet.locator(`select[name="${name}"]`)).toBeVisible();
  }
  await expect(sheet.locator('select[name="cultura"]')).toHaveValue('Soja');
  await sheet.locator('select[name="ano"]').selectOption('2024');
  await expect(page).toHaveURL(/ano=2024/);
  await sheet.getByRole('button', { name: 'Ver resultados' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filtros (3)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Experimentos Cadastrados (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Limpar Filtros' }).click();
  await expect(page.getByRole('button', { name: 'Filtros (0)' })).toBeVisible();

  // Every tab label whole, inside the screen; no page-wide sideways scroll.
  for (const tab of await page.getByRole('tab').all()) {
    expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(box.height).toBeGreaterThanOrEqual(44);
  }
  await page.goto(`/dashboard?${new URLSearchParams({ produto: lote, aba: 'experimentos' })}`);
  await expect(page.getByRole('heading', { name: 'Experimentos Cadastrados (5)' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The table scrolls inside its card, its first column staying in view.
  const scroller = table(page).locator('xpath=..');
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await scroller.evaluate((el) => el.scrollTo({ left: 400 }));
  const first = table(page).locator('tbody tr').first().locator('td').first();
  const box = (await first.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeLessThan(40);
  // Tap targets.
  for (const target of [
    page.getByRole('button', { name: 'Filtros (0)' }),
    header(page, 'Consultoria').getByRole('button'),
    table(page).getByRole('button', { name: 'Ver detalhes' }).first(),
    page.getByRole('button', { name: 'Próxima página' }),
  ]) {
    if (!(await target.count())) continue;
    expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await expect(page.getByRole('searchbox', { name: 'Buscar experimentos' })).toHaveCSS('height', '44px');
});
