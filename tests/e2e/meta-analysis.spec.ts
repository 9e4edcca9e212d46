/**
 * Issue 33, meta-analysis of a product across trials: three concluded soybean trials in blocks
 * hold one product beside an untreated control (and a fourth, with the means only, is left out
 * with its reason). From the dashboard's win rate, "Meta-análise por produto" opens the page under the
 * dashboard's filters; the product is chosen, the forest plot shows one linked row per trial, a
 * trial's report opens and the way back returns to the plot, and a new bag price moves the
 * probability of paying back at once. The same at 375 px, with no sideways scroll of the page.
 */
import { type APIRequestContext, type Page, type TestInfo, expect, test } from '@playwright/test';
import { SOY_EXPERIMENT, apiToken, newUser, pdfFile, registerByApi, signIn } from './fixtures.js';

const stamp = Date.now().toString(36);
const produto = `Bio Meta ${stamp}`;
const consultoria = `Rede Meta ${stamp}`;
const user = newUser({ role: 'consultor' });

const SITES = [
  { cidade: 'Rio Verde', estado: 'GO', regional: 'GO', ano: 2024, ganho: 260 },
  { cidade: 'Jataí', estado: 'GO', regional: 'GO', ano: 2025, ganho: 140 },
  { cidade: 'Cascavel', estado: 'PR', regional: 'PR SC PY', ano: 2025, ganho: 380 },
];

/** Four plots a treatment, a little noise that differs between trials and treatments. */
const plots = (base: number, s: number, t: number) => [0, 1, 2, 3].map((b) => base + (((b + 1) * (t + 2) * 37 + s * 13) % 90) - 45);

let ids: number[] = [];
let seeded = false;

async function seed(request: APIRequestContext) {
  await registerByApi(request, user);
  const auth = await apiToken(request, user);
  const post = async (data: object) => {
    const res = await request.post('/api/experiments', { headers: auth, multipart: { data: JSON.stringify(data), pdf: pdfFile() } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { experiment: { id: number } }).experiment.id;
  };
  ids = [];
  for (const [s, site] of SITES.entries()) {
    ids.push(
      await post({
        ...SOY_EXPERIMENT,
        ...site,
        consultoria,
        custo_protocolo: 1000,
        preco_saca: 120,
        tratamentos: [
          { nome: 'Testemunha', modalidade: 'Foliar', repeticoes: plots(3500, s, 0) },
          {
            nome: `${produto} 0,5 L/ha`,
            modalidade: 'Foliar',
            repeticoes: plots(3500 + site.ganho, s, 1),
            produtos_aplicados: [{ nome: produto, dose: 0.5, custo: 90 }],
          },
        ],
      }),
    );
  }
  // Only the means: no residual variance to weigh it by, so it is left out, with the reason.
  await post({
    ...SOY_EXPERIMENT,
    cidade: 'Sorriso',
    estado: 'MT',
    regional: 'MT BR 163',
    consultoria,
    custo_protocolo: 1000,
    tratamentos: [
      { nome: 'Testemunha', modalidade: 'Foliar', produtividade: 3400 },
      { nome: produto, modalidade: 'Foliar', produtividade: 3650, produtos_aplicados: [{ nome: produto, dose: 0.5, custo: 90 }] },
    ],
  });
}

test.beforeEach(async ({ request }) => {
  if (!seeded) {
    await seed(request);
    seeded = true;
  }
});

async function journey(page: Page, testInfo: TestInfo, width: number) {
  await page.setViewportSize({ width, height: width < 640 ? 800 : 900 });
  await signIn(page, user, '/dashboard?cultura=Soja');
  const link = page.getByRole('link', { name: 'Meta-análise por produto' });
  await link.scrollIntoViewIfNeeded();
  await page
    .getByTestId('chart-card')
    .filter({ has: link })
    .screenshot({ path: testInfo.outputPath(`taxa-de-vitoria-${width}.png`) });
  await link.click();
  await expect(page).toHaveURL(/\/meta-analise\?cultura=Soja$/);
  await expect(page).toHaveTitle(/^Meta-análise/);
  await expect(page.getByText('A taxa de vitória conta em quantos ensaios o produto superou a testemunha')).toBeVisible();

  await page.getByRole('combobox', { name: 'Produto' }).selectOption(produto);
  await expect(page).toHaveURL(new RegExp(`produto=${encodeURIComponent(produto).replace(/%20/g, '\\+')}`));
  const plot = page.getByTestId('forest-plot');
  await expect(plot).toBeVisible();
  await expect(plot.getByTestId('forest-row')).toHaveCount(3);
  await expect(plot.getByTestId('forest-pooled')).toContainText('Efeito combinado (3 ensaios)');
  await expect(page.getByTestId('meta-predicao')).toContainText(/Em um novo ensaio, o ganho deve ficar entre .* kg\/ha \(95%\)/);
  await expect(page.getByRole('table', { name: 'Ensaios deixados de fora (1)' })).toContainText('Sorriso/MT');
  // The prices come from the trials: R$ 120 a bag and R$ 90/ha, a break-even of 45 kg/ha.
  await expect(page.getByRole('textbox', { name: 'Preço da saca (R$)' })).toHaveValue('120,00');
  await expect(page.getByTestId('meta-equilibrio')).toHaveText('O produto se paga com ganho de 45 kg/ha (0,8 sc/ha).');
  const probability = page.getByTestId('meta-probabilidade');
  await expect(probability).toContainText(/Probabilidade de se pagar em um novo ensaio: .*%/);
  // No sideways scroll of the page itself (a wide table scrolls inside its own box).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.screenshot({ path: testInfo.outputPath(`meta-analise-${width}.png`), fullPage: true });
  await plot.screenshot({ path: testInfo.outputPath(`meta-analise-${width}-floresta.png`) });

  // A trial's name leads to its report; the way back returns to the same analysis.
  const jatai = ids[1]!;
  await plot.getByRole('link', { name: /^Jataí\/GO · 2025/ }).click();
  await expect(page).toHaveURL(new RegExp(`/experimentos/${jatai}/relatorio$`));
  await expect(page.getByRole('heading', { level: 1, name: /Jataí\/GO · 2025/ })).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('forest-plot').getByTestId('forest-row')).toHaveCount(3);

  // A lower bag price: the product needs a bigger gain to pay, and the probability moves at once.
  const before = await probability.textContent();
  const price = page.getByRole('textbox', { name: 'Preço da saca (R$)' });
  await price.fill('15');
  await expect(page.getByTestId('meta-equilibrio')).toHaveText('O produto se paga com ganho de 360 kg/ha (6 sc/ha).');
  await expect(probability).not.toHaveText(before!);
  await price.blur();
  await expect(page).toHaveURL(/preco=15(&|$)/);
  await page.screenshot({ path: testInfo.outputPath(`meta-analise-${width}-preco.png`), fullPage: false });
}

test('from the win rate to the meta-analysis of a product at 1280 px', async ({ page }, testInfo) => {
  await journey(page, testInfo, 1280);
  // On paper: the report without its controls, the prices written out.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('combobox', { name: 'Produto' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await expect(page.getByText('Preço da saca: R$ 15,00 · Custo do produto: R$ 90,00/ha')).toBeVisible();
  await expect(page.getByTestId('forest-plot')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('meta-analise-impressao.png'), fullPage: true });
});

test('the same at 375 px, the names above their intervals and no sideways scroll', async ({ page }, testInfo) => {
  await journey(page, testInfo, 375);
  // The relative scale: effects in % over the control, and no economics (said why).
  await page.getByRole('combobox', { name: 'Escala do efeito' }).selectOption('razao');
  await expect(page.getByTestId('forest-plot')).toContainText('Ganho sobre a testemunha (%)');
  await expect(page.getByTestId('meta-economia')).toContainText('na escala relativa (razão)');
  await expect(page.getByRole('textbox', { name: 'Preço da saca (R$)' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const plot = page.getByTestId('forest-plot');
  // From the keyboard, a trial's name shows its focus.
  await plot.getByRole('link').first().focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => document.activeElement?.matches('.forest-link:focus-visible'))).toBe(true);
  await plot.screenshot({ path: testInfo.outputPath('meta-analise-375-razao.png') });
});
