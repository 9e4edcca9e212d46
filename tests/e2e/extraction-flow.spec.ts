/**
 * Issue 16: a report fills the form without erasing what was typed, from step 1; and a later
 * sign-up is not offered a role the server would refuse.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiToken, newUser, registerByApi, signIn, next, heading } from './fixtures.js';

const REPORT = '01-blocos-soja-rio-verde.pdf';
const report = () => ({ name: REPORT, mimeType: 'application/pdf', buffer: readFileSync(`tests/fixtures/extraction/${REPORT}`) });
const expected = JSON.parse(readFileSync('tests/fixtures/extraction/01-blocos-soja-rio-verde.expected.json', 'utf8')).data as {
  consultoria: string;
  marca: string;
  cidade: string;
  teor_argila: number;
  cultivar: string;
  tratamentos: { nome: string; modalidade: string }[];
};
const TYPED = 'Consultoria Que Eu Digitei';

test('start from a report after typing a consultoria: the typed value stays, the rest is filled, the PDF is attached', async ({
  page,
  request,
}) => {
  // Seven steps, an extraction and a save: about 45 s on a busy two-core machine.
  test.setTimeout(120_000);
  const user = await registerByApi(request, newUser({ role: 'consultor' }));
  await signIn(page, user, '/novo-experimento');
  await expect(page.getByText('Passo 1 de 7 · Dados da Consultoria')).toBeVisible();
  await page.locator('input[name="consultoria"]').fill(TYPED);

  await page.getByRole('button', { name: 'Começar a partir de um relatório PDF' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Extração Automática de Dados')).toBeVisible();
  await dialog.locator('input[name="pdfExtracao"]').setInputFiles(report());
  await expect(dialog.getByText('Dados Extraídos')).toBeVisible({ timeout: 30_000 });

  // The one field where the form and the report differ: both values, the form's chosen.
  const conflict = dialog.getByRole('group', { name: 'Consultoria' });
  await expect(conflict.getByRole('radio', { name: `No formulário: ${TYPED}` })).toBeChecked();
  await expect(conflict.getByRole('radio', { name: `No relatório: ${expected.consultoria}` })).not.toBeChecked();
  await expect(dialog.getByRole('radio')).toHaveCount(2);
  await conflict.screenshot({ path: '/tmp/shots/extraction-flow-conflict.png' });
  await dialog.getByRole('button', { name: 'Confirmar Dados' }).click();

  await expect(page.getByText('Dados importados automaticamente!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Still on step 1, with what was typed kept and the empty fields filled.
  await heading(page, 'Dados da Consultoria');
  await expect(page.locator('input[name="consultoria"]')).toHaveValue(TYPED);
  await expect(page.locator('select[name="marca"]')).toHaveValue(expected.marca);
  await next(page);
  await heading(page, 'Localização');
  await expect(page.locator('input[name="cidade"]')).toHaveValue(expected.cidade);
  await next(page);
  await heading(page, 'Características do Solo');
  await next(page);
  await heading(page, 'Dados da Cultura');
  await expect(page.locator('input[name="cultivar"]')).toHaveValue(expected.cultivar);
  await next(page);

  await heading(page, 'Tratamentos');
  // The report gives every modality but the control's: the untreated control is proposed as
  // "Sem aplicação" (decision 015), the others as the report states them.
  expect(expected.tratamentos[0]!.modalidade).toBe('');
  const proposed = ['Sem aplicação', ...expected.tratamentos.slice(1).map((t) => t.modalidade)];
  for (const [i, t] of expected.tratamentos.entries()) {
    await expect(page.locator(`input[name="tratamentos.${i}.nome"]`)).toHaveValue(t.nome);
    await expect(page.locator(`select[name="tratamentos.${i}.modalidade"]`)).toHaveValue(proposed[i]!);
  }
  await next(page);

  await heading(page, 'Análise Estatística');
  await next(page);
  await heading(page, 'Upload de Documento');
  await expect(page.getByText(REPORT)).toBeVisible();
  await page.getByRole('button', { name: 'Salvar Experimento' }).click();
  await expect(page.getByText('Experimento criado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  const auth = await apiToken(request, user);
  const [saved] = (await (await request.get('/api/experiments?limit=1', { headers: auth })).json()).experiments;
  expect(saved).toMatchObject({
    consultoria: TYPED,
    marca: expected.marca,
    cidade: expected.cidade,
    teor_argila: expected.teor_argila,
    pdf_filename: REPORT,
  });
  expect(saved.tratamentos.map((t: { modalidade: string }) => t.modalidade)).toEqual(proposed);
});

test('step 1 offers the report at phone width', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const user = await registerByApi(request, newUser());
  await signIn(page, user, '/novo-experimento');
  const button = page.getByRole('button', { name: 'Começar a partir de um relatório PDF' });
  await expect(button).toBeInViewport();
  // The step's name shows in the header on phones too.
  await expect(page.getByText('Passo 1 de 7 · Dados da Consultoria')).toBeVisible();
  const box = await button.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '/tmp/shots/extraction-flow-step1-375.png' });
});

test('a later sign-up is not offered Administrador', async ({ page, request }) => {
  // The e2e global setup made the installation's first account.
  expect(await (await request.get('/api/auth/registration')).json()).toEqual({ adminAvailable: false });
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/auth/registration'));
  await page.goto('/register');
  expect((await asked).status()).toBe(200);
  const role = page.locator('select[name="role"]');
  await expect(role.locator('option')).toHaveText(['Usuário Padrão', 'Consultor Agrícola']);
  await expect(role.locator('option[value="admin"]')).toHaveCount(0);
});
