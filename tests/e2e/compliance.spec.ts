/**
 * Compliance with IN MAPA 53/2013 (issue 34): the wizard checks a trial while it is planned
 * (5 treatments in 3 blocks of a DBC fall short of 15 residual degrees of freedom; 5 blocks hold),
 * the same trial is concluded and its technical report downloaded, and a concluded trial's report
 * shows the server's checklist at both widths.
 */
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import {
  SOY_EXPERIMENT,
  addTreatments,
  apiToken,
  fillStepsOneToFour,
  newUser,
  next,
  pdfFile,
  postExperiment,
  registerByApi,
  signIn,
} from './fixtures.js';

const NAMES = ['Testemunha', 'Padrão KCl', 'Produto 1 L', 'Produto 2 L', 'Produto 3 L'];

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The planning checklist's rule on residual degrees of freedom (a list item of the disclosure). */
const glRule = (page: Page) =>
  page
    .getByRole('group', { name: 'Conformidade com a IN 53/2013' })
    .getByRole('listitem')
    .filter({ hasText: 'Graus de liberdade do resíduo ≥ 15' });

/**
 * A concluded trial of the five treatments (control, standard, three doses of the tested product),
 * posted through the API with `blocos` plot yields each (`yieldOf(treatment, block)`); its id.
 */
function postConcluded(
  request: APIRequestContext,
  auth: Record<string, string>,
  {
    consultoria,
    blocos,
    yieldOf,
    extra = {},
    produto,
  }: { consultoria: string; blocos: number; yieldOf: (i: number, b: number) => number; extra?: object; produto?: string },
): Promise<number> {
  return postExperiment(
    request,
    auth,
    {
      ...SOY_EXPERIMENT,
      situacao: 'concluido',
      consultoria,
      custo_protocolo: 1500,
      latitude: -17.79,
      longitude: -50.92,
      blocos,
      ...extra,
      tratamentos: NAMES.map((nome, i) => {
        const repeticoes = Array.from({ length: blocos }, (_, b) => yieldOf(i, b));
        return {
          nome,
          modalidade: i ? 'Foliar' : 'Sem aplicação',
          papel: ['testemunha', 'padrao', 'teste', 'teste', 'teste'][i],
          dose: i > 1 ? i - 1 : null,
          repeticoes,
          produtividade: repeticoes.reduce((a, b) => a + b, 0) / repeticoes.length,
          ...(produto ? { produtos_aplicados: i ? [{ nome: produto, dose: i, custo: 80 }] : [] } : {}),
        };
      }),
    },
    pdfFile('ensaio.pdf', consultoria),
  );
}

for (const width of [1280, 375]) {
  test(`plan a DBC trial: the wizard checks its residual degrees of freedom while it is typed (${width} px)`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: 900 });
    const user = await registerByApi(request, newUser());
    await signIn(page, user, '/novo-experimento');
    test.setTimeout(120_000);
    const consultoria = `Conformidade ${Date.now()}`;
    await page.locator('select[name="situacao"]').selectOption('planejado');
    await fillStepsOneToFour(page, { consultoria, cidade: 'Rio Verde', cultura: 'Soja', cultivar: 'M6410' });

    // Step 5: five treatments in three blocks, the first the absolute control.
    await page.locator('select[name="numeroRepeticoes"]').selectOption('3');
    // On a phone the card folds once the next is added: the control's role is chosen while it is open.
    await addTreatments(page, NAMES, async (i) => {
      if (i === 0) await page.locator('select[name="tratamentos.0.papel"]').selectOption('testemunha');
    });
    await next(page);

    // Step 6: the design; the checklist, folded under its verdict, says what falls short.
    await page.locator('select[name="tipo_estatistica"]').selectOption('DBC');
    const checklist = page.getByRole('group', { name: 'Conformidade com a IN 53/2013' });
    await expect(checklist.getByText('Não atende').first()).toBeVisible();
    await checklist.locator('summary').click();
    await expect(glRule(page)).toContainText('Não atende');
    await expect(glRule(page)).toContainText('8 graus de liberdade do resíduo: mínimo 15');
    await expect(glRule(page)).toContainText('Com 5 blocos (2 a mais): 16 graus de liberdade do resíduo.');
    await glRule(page).scrollIntoViewIfNeeded();
    await shot(page, `planning-step6-3-blocos-${width}`);

    // Back to step 5: five blocks, and the rule holds.
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.locator('select[name="numeroRepeticoes"]').selectOption('5');
    await page.getByRole('group', { name: 'Conformidade com a IN 53/2013' }).locator('summary').click();
    await expect(glRule(page)).toContainText('Atende');
    await expect(glRule(page)).not.toContainText('Não atende');
    await expect(glRule(page)).toContainText('16 graus de liberdade do resíduo: atende ao mínimo de 15');
    await glRule(page).scrollIntoViewIfNeeded();
    await shot(page, `planning-step5-5-blocos-${width}`);
    if (width !== 1280) return;

    // The trial is harvested: concluded with its plot yields and report, then its technical report downloaded.
    for (let s = 5; s > 1; s--) await page.getByRole('button', { name: 'Anterior' }).click();
    await page.locator('select[name="situacao"]').selectOption('concluido');
    for (let s = 1; s < 4; s++) await next(page);
    // Step 4: with no regional average typed, the checklist uses Conab's for the crop in the trial's state.
    await expect(page.getByText(/vazio, vale a média oficial de Soja em GO: \d\.\d{3} kg\/ha \(Conab, safra 2024\/25/)).toBeVisible();
    await next(page);
    for (let i = 0; i < NAMES.length; i++) {
      for (let b = 0; b < 5; b++) {
        await page.locator(`input[name="tratamentos.${i}.repeticoes.${b}"]`).fill(`3.${i}${(b * 7 + i * 3) % 10}${(b * i) % 10},5`);
      }
    }
    await next(page);
    await page.locator('input[name="custo_protocolo"]').fill('1.500');
    await next(page);
    await page.locator('input[name="pdf"]').setInputFiles(pdfFile('concluido.pdf', consultoria));
    await page.getByRole('button', { name: 'Salvar Experimento' }).click();
    await expect(page.getByText('Experimento criado com sucesso!')).toBeVisible();
    const auth = await apiToken(request, user);
    const list = await (await request.get(`/api/experiments?busca=${encodeURIComponent(consultoria)}`, { headers: auth })).json();
    const id = (list as { experiments: { id: number }[] }).experiments[0]!.id;
    await page.goto(`/experimentos/${id}/relatorio`);
    const section = page.getByRole('region', { name: 'Conformidade com a IN 53/2013' });
    const gl = section.getByRole('listitem').filter({ hasText: 'Graus de liberdade do resíduo ≥ 15' });
    await expect(gl).toContainText('16 graus de liberdade do resíduo: atende ao mínimo de 15');
    await expect(section.getByRole('listitem').filter({ hasText: 'Análise estatística' })).toContainText('Atende');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar relatório técnico (PDF)' }).click(),
    ]);
    const path = test.info().outputPath('relatorio-tecnico-planejado.pdf');
    await download.saveAs(path);
    expect(readFileSync(path).subarray(0, 4).toString('latin1')).toBe('%PDF');
  });
}

test('a concluded trial: its report shows the checklist and downloads the technical report (PDF)', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await registerByApi(request, newUser());
  const auth = await apiToken(request, user);
  const consultoria = `Relatório técnico ${Date.now()}`;
  const base = [3000, 3600, 3300, 3450, 3550];
  const id = await postConcluded(request, auth, {
    consultoria,
    blocos: 4,
    yieldOf: (i, b) => base[i]! + [40, -30, 10, -20][b]! + ((i * 7 + b * 13) % 5) * 9,
  });

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    if (width === 1280) await signIn(page, user, `/experimentos/${id}/relatorio`);
    else await page.goto(`/experimentos/${id}/relatorio`);
    const section = page.getByRole('region', { name: 'Conformidade com a IN 53/2013' });
    await expect(section.getByRole('list', { name: 'Regras da IN 53/2013' })).toBeVisible();
    const gl = section.getByRole('listitem').filter({ hasText: 'Graus de liberdade do resíduo ≥ 15' });
    // (5 − 1) × (4 − 1) = 12.
    await expect(gl).toContainText('12 graus de liberdade do resíduo: mínimo 15');
    const eficiencia = section.getByRole('listitem').filter({ hasText: 'Eficiência agronômica relativa' });
    await expect(eficiencia).toContainText('Produto 1 L:');
    await section.scrollIntoViewIfNeeded();
    await shot(page, `report-compliance-${width}`);
  }

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar relatório técnico (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`relatorio-tecnico-experimento-${id}.pdf`);
  const path = test.info().outputPath('relatorio-tecnico.pdf');
  await download.saveAs(path);
  expect(readFileSync(path).subarray(0, 4).toString('latin1')).toBe('%PDF');
  await expect(page.getByRole('button', { name: 'Baixar relatório técnico (PDF)' })).toBeEnabled();
});

test('the dashboard filters the trials that qualify under IN 53/2013, on a desk and on a phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await registerByApi(request, newUser());
  const auth = await apiToken(request, user);
  const lote = `Lote MAPA ${Date.now()}`;
  /** `blocos` decides the residual df. */
  const create = (consultoria: string, blocos: number) =>
    postConcluded(request, auth, {
      consultoria,
      blocos,
      yieldOf: (i, b) => 3000 + 150 * i + ((i * 7 + b * 13) % 5) * 40 - b * 15,
      extra: { aplicacoes: [{ chave: 'ap1', data: '2026-01-10', estadio: 'V4' }] },
      produto: lote,
    });
  await create(`Atende ${lote}`, 5); // (5 − 1)(5 − 1) = 16 residual df
  await create(`Não atende ${lote}`, 4); // 12

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const url = `/dashboard?${new URLSearchParams({ produto: lote, aba: 'experimentos' })}`;
    if (width === 1280) await signIn(page, user, url);
    else await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Experimentos Cadastrados (2)' })).toBeVisible();
    if (width === 375) await page.getByRole('button', { name: 'Filtros (1)' }).click();
    await page.locator('select[name="conformidade"]').selectOption({ label: 'Atende à IN 53/2013' });
    await expect(page).toHaveURL(/conformidade=atende/);
    if (width === 375) await page.getByRole('dialog', { name: 'Filtros' }).getByRole('button', { name: 'Ver resultados' }).click();
    await expect(page.getByRole('heading', { name: 'Experimentos Cadastrados (1)' })).toBeVisible();
    await expect(page.getByRole('table').getByText(`Atende ${lote}`, { exact: true })).toBeVisible();
    if (width === 375) await expect(page.getByTestId('filtros-ativos')).toContainText('Atende à IN 53/2013');
    await shot(page, `dashboard-conformidade-${width}`);
    if (width === 1280) {
      await page.locator('select[name="conformidade"]').selectOption('nao_atende');
      await expect(page.getByRole('table').getByText(`Não atende ${lote}`, { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Experimentos Cadastrados (1)' })).toBeVisible();
    }
  }
});
