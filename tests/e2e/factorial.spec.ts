/**
 * Issue 20: a 2 × 2 factorial with an additional control in blocks, typed in the wizard. The design
 * is chosen in step 6 while the levels belong to step 5: choosing it names the treatments without
 * levels, leaving step 6 leads back to them (issue 29), nothing typed is lost, and the saved
 * experiment's report shows the interaction row.
 */
import { type Page, expect, test } from '@playwright/test';
import { apiToken, newUser, pdfFile, registerByApi, signIn, next } from './fixtures.js';

/** T1 is the additional treatment (the control); the others cross Produto × Dose. */
const treatments = [
  { nome: 'Testemunha', a: '', b: '', dose: '' },
  { nome: 'Raiz 1 L', a: 'Raiz', b: '1 L', dose: '1' },
  { nome: 'Raiz 2 L', a: 'Raiz', b: '2 L', dose: '2' },
  { nome: 'Folha 1 L', a: 'Folha', b: '1 L', dose: '1' },
  { nome: 'Folha 2 L', a: 'Folha', b: '2 L', dose: '2' },
];
/** Plot yields (kg/ha) typed the Brazilian way, one row per treatment, 4 blocks. */
const plots = [
  ['3.010,5', '3.120', '2.950,5', '3.080'],
  ['3.250,5', '3.310', '3.190', '3.280,5'],
  ['3.480', '3.560,5', '3.390', '3.510'],
  ['3.150', '3.205,5', '3.090', '3.170'],
  ['3.190,5', '3.240', '3.160', '3.230,5'],
];

const control = (page: Page, name: string) => page.locator(`[name="${name}"]`);

test('a factorial with an additional control: levels typed in step 5, design in step 6, report with A × B', async ({ page, request }) => {
  const user = await registerByApi(request, newUser());
  await signIn(page, user, '/novo-experimento');
  await control(page, 'consultoria').fill('Ensaio Fatorial');
  await control(page, 'marca').selectOption('Aminoagro');
  await control(page, 'bu').selectOption('BU1');
  await control(page, 'regional').selectOption('GO');
  await next(page);
  await control(page, 'cidade').fill('Rio Verde');
  await control(page, 'estado').selectOption('GO');
  await next(page);
  await control(page, 'teor_argila').fill('42');
  await control(page, 'teor_materia_organica').fill('3,1');
  await next(page);
  await control(page, 'cultura').selectOption('Soja');
  await control(page, 'cultivar').fill('M6410');
  await next(page);

  // Step 5: treatments, their plot yields and, for two of them, the dose; no levels yet.
  await control(page, 'numeroRepeticoes').selectOption('4');
  await page.getByRole('button', { name: 'Adicionar Testemunha (T1)' }).click();
  for (let i = 1; i < treatments.length; i++) await page.getByRole('button', { name: 'Adicionar Tratamento' }).click();
  for (const [i, t] of treatments.entries()) {
    if (i > 0) await control(page, `tratamentos.${i}.nome`).fill(t.nome);
    await control(page, `tratamentos.${i}.modalidade`).selectOption('Foliar');
    for (const [b, v] of plots[i]!.entries()) await control(page, `tratamentos.${i}.repeticoes.${b}`).fill(v);
  }
  await expect(control(page, 'tratamentos.1.produtividade')).toHaveValue('3.257,75');
  // A single-factor card keeps the levels folded away until asked for.
  await expect(control(page, 'tratamentos.1.nivel_a')).toBeHidden();
  await page.getByRole('article', { name: 'T2 - Tratamento 2' }).getByText('Fatorial e dose (opcional)').click();
  await control(page, 'tratamentos.1.dose').fill('1,5');
  await next(page);

  // Step 6: the design; its factors' names appear with it, and (issue 29) the treatments still
  // without levels are named as soon as it is chosen.
  await expect(control(page, 'fator_a')).toBeHidden();
  await control(page, 'tipo_estatistica').selectOption('Fatorial DBC com adicional');
  await expect(page.getByText('Faltam os níveis dos fatores nos tratamentos')).toBeVisible();
  await expect(page.getByText(/Ainda sem níveis: T2, T3, T4, T5\./)).toBeVisible();
  await control(page, 'fator_a').fill('Produto');
  await control(page, 'fator_b').fill('Dose');
  await control(page, 'custo_protocolo').fill('4.500');

  // Leaving step 6 leads back to the treatments, to the missing levels, with the message in pt-BR.
  await next(page);
  await expect(
    page.getByText('Delineamento fatorial: informe os níveis dos fatores no passo 5 (Tratamentos) em T2, T3, T4, T5.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tratamentos', exact: true })).toBeVisible();
  await expect(control(page, 'tratamentos.1.nivel_a')).toBeFocused();
  await expect(page.getByText('Informe o nível de Produto (fator A) deste tratamento').first()).toBeVisible();
  // Nothing typed was lost.
  await expect(control(page, 'tratamentos.1.dose')).toHaveValue('1,5');
  await expect(control(page, 'tratamentos.4.repeticoes.3')).toHaveValue('3.230,5');
  for (const [i, t] of treatments.entries()) {
    if (!t.a) continue;
    await control(page, `tratamentos.${i}.nivel_a`).fill(t.a);
    await control(page, `tratamentos.${i}.nivel_b`).fill(t.b);
    await control(page, `tratamentos.${i}.dose`).fill(t.dose);
  }
  await expect(page.getByText('Informe o nível de Produto (fator A) deste tratamento')).toHaveCount(0);
  await next(page);
  await expect(control(page, 'fator_a')).toHaveValue('Produto');
  await expect(page.getByText('Faltam os níveis dos fatores nos tratamentos')).toHaveCount(0);
  await next(page);
  await control(page, 'pdf').setInputFiles(pdfFile('fatorial.pdf'));
  await page.getByRole('button', { name: 'Salvar Experimento' }).click();
  await expect(page.getByText('Experimento criado com sucesso!')).toBeVisible();

  const auth = await apiToken(request, user);
  const e = (await (await request.get('/api/experiments?limit=1', { headers: auth })).json()).experiments[0];
  expect(e).toMatchObject({ tipo_estatistica: 'Fatorial DBC com adicional', fator_a: 'Produto', fator_b: 'Dose', custo_protocolo: 4500 });
  expect(e.tratamentos.map((t: { nivel_a: string; nivel_b: string; dose: number | null }) => [t.nivel_a, t.nivel_b, t.dose])).toEqual([
    ['', '', null],
    ['Raiz', '1 L', 1],
    ['Raiz', '2 L', 2],
    ['Folha', '1 L', 1],
    ['Folha', '2 L', 2],
  ]);
  expect(e.tratamentos[1].repeticoes).toEqual([3250.5, 3310, 3190, 3280.5]);

  // The report: the ANOVA has the interaction row, named by the factors.
  await page.goto(`/experimentos/${e.id}/relatorio`);
  await expect(page.getByRole('row', { name: /^Produto × Dose/ }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Médias (kg/ha) de Produto × Dose' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Comparação com a testemunha (Dunnett)' })).toBeVisible();

  // On a phone nothing is wider than the screen: wide tables scroll in their own box.
  await page.setViewportSize({ width: 375, height: 812 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // Printed, every table is whole.
  await page.setViewportSize({ width: 680, height: 900 });
  await page.emulateMedia({ media: 'print' });
  for (const scroller of await page.locator('.report-scroll').all()) {
    expect(await scroller.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
});
