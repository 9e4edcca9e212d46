import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newUser, registerByApi, signIn } from './fixtures.js';

const fixture = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: readFileSync(`tests/fixtures/extraction/${name}`),
});
const expected = JSON.parse(readFileSync('tests/fixtures/extraction/01-blocos-soja-rio-verde.expected.json', 'utf8')).data;

test('the form: extract a report on step 7, choose per differing field, confirm; the choices and the PDF are in the form', async ({
  page,
  request,
}) => {
  const user = await registerByApi(request, newUser());
  await signIn(page, user, '/novo-experimento');
  for (let i = 0; i < 6; i++) {
    // Step by step without validation errors is not the point here: jump with the step pills is not
    // offered, so fill the minimum on the way.
    if (i === 0) {
      await page.locator('input[name="consultoria"]').fill('Será substituída');
      await page.locator('select[name="marca"]').selectOption('Maximus');
      await page.locator('select[name="bu"]').selectOption('BU3');
      await page.locator('select[name="regional"]').selectOption('Nordeste');
    }
    if (i === 1) {
      await page.locator('input[name="cidade"]').fill('Petrolina');
      await page.locator('select[name="estado"]').selectOption('PE');
    }
    // Numbers start empty (issue 16): the soil contents and the protocol cost are typed.
    if (i === 2) await page.locator('input[name="teor_argila"]').fill('30');
    if (i === 2) await page.locator('input[name="teor_materia_organica"]').fill('2,5');
    if (i === 3) await page.locator('select[name="cultura"]').selectOption('Uva');
    if (i === 3) await page.locator('input[name="cultivar"]').fill('Vitória');
    if (i === 4) {
      await page.getByRole('button', { name: 'Adicionar Testemunha (T1)' }).click();
      await page.locator('select[name="tratamentos.0.modalidade"]').selectOption('Solo');
      await page.locator('input[name="tratamentos.0.produtividade"]').fill('1');
    }
    if (i === 5) await page.locator('select[name="tipo_estatistica"]').selectOption('ANOVA');
    if (i === 5) await page.locator('input[name="custo_protocolo"]').fill('1000');
    await page.getByRole('button', { name: 'Próximo' }).click();
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Upload de Documento' })).toBeVisible();
  await page.getByRole('button', { name: 'Extração Automática com IA' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Extração Automática de Dados')).toBeVisible();
  await dialog.locator('input[name="pdfExtracao"]').setInputFiles(fixture('01-blocos-soja-rio-verde.pdf'));
  await expect(dialog.getByText('Dados Extraídos')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Dados extraídos com \d+,\d% de confiança/)).toBeVisible();
  for (const t of ['Informações Básicas', 'Localização e Solo', 'Tratamentos Detectados']) await expect(dialog.getByText(t)).toBeVisible();
  // Every field typed differently shows both values; the report's is taken only where chosen.
  await expect(dialog.getByRole('radio', { name: 'No formulário: Petrolina' })).toBeChecked();
  await dialog
    .getByRole('group', { name: 'Consultoria' })
    .getByRole('radio', { name: `No relatório: ${expected.consultoria}` })
    .check();
  await dialog
    .getByRole('group', { name: 'Marca' })
    .getByRole('radio', { name: `No relatório: ${expected.marca}` })
    .check();
  await expect(
    dialog.getByRole('group', { name: 'Tratamentos' }).getByRole('radio', { name: /^No formulário: 1 tratamento: Testemunha · Solo/ }),
  ).toBeChecked();
  await dialog.getByRole('button', { name: 'Confirmar Dados' }).click();
  await expect(page.getByText('Dados importados automaticamente!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('01-blocos-soja-rio-verde.pdf')).toBeVisible();
  for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(page.locator('input[name="consultoria"]')).toHaveValue(expected.consultoria);
  await expect(page.locator('select[name="marca"]')).toHaveValue(expected.marca);
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.locator('input[name="cidade"]')).toHaveValue('Petrolina');
});

test('the dashboard modal logs the data, says so, and shows the result as a product screen', async ({ page, request }) => {
  const user = await registerByApi(request, newUser());
  await page.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole('button', { name: 'Testar Extração com IA' }).click();
  const dialog = page.getByRole('dialog');
  const logged = page.waitForEvent('console', (m) => m.text().startsWith('Dados extraídos:'));
  const alerted = page.waitForEvent('dialog');
  await dialog.locator('input[name="pdfExtracao"]').setInputFiles(fixture('02-prosa-milho-sorriso.pdf'));
  const alert = await alerted;
  expect(alert.message()).toBe('Dados extraídos com sucesso! Verifique o console.');
  await alert.accept();
  await logged;
  // The modal shows the result: labels, not field names; the treatments as a table.
  await expect(dialog.getByText('Dados Extraídos')).toBeVisible();
  await expect(dialog.getByText('Tratamentos Detectados')).toBeVisible();
  await expect(
    dialog.getByText(/fieldsExtracted|teor_argila|teor_materia_organica|tipo_estatistica|custo_protocolo|"consultoria"/),
  ).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Confirmar Dados' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('/test-extraction lays out a confirmed result, and a scanned PDF says it has no text', async ({ page, request }) => {
  const user = await registerByApi(request, newUser());
  await signIn(page, user, '/test-extraction');
  await page.locator('input[name="pdfExtracao"]').setInputFiles(fixture('08-digitalizado.pdf'));
  await expect(page.getByText('Revisão recomendada')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/não tem texto selecionável/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await page.locator('input[name="pdfExtracao"]').setInputFiles(fixture('01-blocos-soja-rio-verde.pdf'));
  await page.getByRole('button', { name: 'Confirmar Dados' }).click();
  await expect(page.getByText('Resultado confirmado')).toBeVisible();
  await expect(page.getByTestId('campo-consultoria')).toContainText(expected.consultoria);
  await expect(page.getByText(/"consultoria"/)).toHaveCount(0);
});
