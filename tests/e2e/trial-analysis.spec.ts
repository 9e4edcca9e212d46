import { expect, test } from '@playwright/test';
import { apiToken, newUser, pdfFile, registerByApi, signIn, next, fillStepsOneToFour } from './fixtures.js';

const names = ['African tall', 'Co-11', 'FS-1', 'K-7', 'Co-24'];
const blocks = [
  [22.9, 29.5, 28.8, 47, 28.9],
  [25.9, 30.4, 24.4, 40.9, 20.4],
  [39.1, 35.3, 32.1, 42.8, 21.1],
  [33.9, 29.6, 28.6, 32.1, 31.8],
];

test('replicates typed in the form give the analysis in the details and the printable report', async ({ page, request }) => {
  const user = await registerByApi(request, newUser());
  await signIn(page, user, '/novo-experimento');
  await fillStepsOneToFour(page, { consultoria: 'Ensaio Sorgo', cidade: 'Jataí', cultura: 'Milho', cultivar: 'Forrageiro' });
  await page.locator('select[name="numeroRepeticoes"]').selectOption('4');
  await page.getByRole('button', { name: 'Adicionar Testemunha (T1)' }).click();
  for (let i = 1; i < names.length; i++) await page.getByRole('button', { name: 'Adicionar Tratamento' }).click();
  for (let i = 0; i < names.length; i++) {
    if (i > 0) await page.locator(`input[name="tratamentos.${i}.nome"]`).fill(names[i]!);
    await page.locator(`select[name="tratamentos.${i}.modalidade"]`).selectOption('Foliar');
    for (let b = 0; b < 4; b++) await page.locator(`input[name="tratamentos.${i}.repeticoes.${b}"]`).fill(String(blocks[b]![i]));
  }
  await expect(page.locator('input[name="tratamentos.3.produtividade"]')).toHaveValue('40,7');
  await expect(page.locator('input[name="tratamentos.3.produtividade"]')).toHaveAttribute('readonly', '');
  await next(page);
  await page.locator('select[name="tipo_estatistica"]').selectOption('DBC');
  await page.locator('input[name="custo_protocolo"]').fill('0');
  await page.locator('input[name="preco_saca"]').fill('120');
  await next(page);
  await page.locator('input[name="pdf"]').setInputFiles(pdfFile('sorgo.pdf'));
  await page.getByRole('button', { name: 'Salvar Experimento' }).click();
  await expect(page.getByText('Experimento criado com sucesso!')).toBeVisible();

  const auth = await apiToken(request, user);
  const list = await (await request.get('/api/experiments?limit=1', { headers: auth })).json();
  const e = list.experiments[0];
  expect(e.tratamentos[0].repeticoes).toEqual([22.9, 25.9, 39.1, 33.9]);
  expect(e.preco_saca).toBe(120);

  await page.goto(`/dashboard?aba=experimentos&cultura=Milho&regional=GO`);
  await page
    .getByRole('row', { name: /Ensaio Sorgo/ })
    .getByRole('button', { name: 'Ver detalhes' })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Detalhes do Experimento' });
  await expect(dialog.getByText('Análise Estatística')).toBeVisible();
  await expect(dialog.getByText('Análise de variância')).toBeVisible();
  await expect(dialog.getByText(/DMS \(Tukey 5%\): 12,19/)).toBeVisible();
  await expect(dialog.getByRole('row', { name: /^K-7/ }).first()).toContainText('a');

  await dialog.getByRole('link', { name: 'Relatório para impressão' }).click();
  await expect(page).toHaveURL(new RegExp(`/experimentos/${e.id}/relatorio$`));
  await expect(page.getByText('Relatório de análise estatística')).toBeVisible();
  await expect(page.getByText('Ganho sobre a testemunha', { exact: false })).toBeVisible();
  await expect(page.getByRole('img', { name: /Médias dos tratamentos/ })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await expect(page.getByRole('banner')).toBeHidden();
});
