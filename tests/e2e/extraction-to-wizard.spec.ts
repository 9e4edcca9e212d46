/**
 * Issue 29 item 9: the dashboard's "Testar Extração com IA" keeps the spec's alert and then offers
 * "Criar experimento com estes dados", which opens the wizard filled from the report (the same
 * path as "Começar a partir de um relatório PDF"), the untreated control as "Sem aplicação", the
 * treated treatments with their products, and the PDF attached on the last step.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newUser, registerByApi, signIn } from './fixtures.js';

const NAME = '01-blocos-soja-rio-verde.pdf';
const expected = JSON.parse(readFileSync(`tests/fixtures/extraction/${NAME.replace('.pdf', '.expected.json')}`, 'utf8')).data;

test('the dashboard extraction opens the new-experiment wizard filled from the report, with its PDF', async ({ page, request }) => {
  const user = await registerByApi(request, newUser());
  await page.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
  await signIn(page, user);
  await page.getByRole('button', { name: 'Testar Extração com IA' }).click();
  const dialog = page.getByRole('dialog');
  const alerted = page.waitForEvent('dialog');
  await dialog
    .locator('input[name="pdfExtracao"]')
    .setInputFiles({ name: NAME, mimeType: 'application/pdf', buffer: readFileSync(`tests/fixtures/extraction/${NAME}`) });
  const alert = await alerted;
  expect(alert.message()).toBe('Dados extraídos com sucesso! Verifique o console.');
  await alert.accept();
  await expect(dialog.getByText('Dados Extraídos')).toBeVisible();
  await dialog.getByRole('button', { name: 'Criar experimento com estes dados' }).click();

  await expect(page).toHaveURL(/\/novo-experimento$/);
  await expect(page.getByText('Dados importados automaticamente!')).toBeVisible();
  await expect(page.locator('input[name="consultoria"]')).toHaveValue(expected.consultoria);

  // Step by step to the upload: the report filled every step; the treatments carry what was applied.
  const control = page.locator('select[name="tratamentos.0.modalidade"]');
  const upload = page.getByRole('heading', { level: 2, name: 'Upload de Documento' });
  let sawTreatments = false;
  for (let i = 0; i < 8 && !(await upload.isVisible()); i++) {
    if (await control.isVisible()) {
      sawTreatments = true;
      await expect(control).toHaveValue('Sem aplicação');
      await expect(page.locator('input[name="tratamentos.1.produtos_aplicados.0.nome"]')).toHaveValue(expected.tratamentos[1].nome);
    }
    // A value the report does not give (the soil, say) would stop here: the test then says which.
    await page.getByRole('button', { name: 'Próximo' }).click();
  }
  await expect(upload).toBeVisible();
  expect(sawTreatments).toBe(true);
  await expect(page.getByText(NAME)).toBeVisible();
});
