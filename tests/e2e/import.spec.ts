/**
 * Issue 21 "Done when": a batch of reports (one not a PDF, one a duplicate) is imported and
 * watched until it finishes; one draft is corrected and approved, one discarded; the approved
 * experiment is found on the dashboard with its PDF. Written against the contract of
 * docs/api.md "Archive import" (the server side was built on another branch).
 */
import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { apiToken, newUser, registerByApi, signIn } from './fixtures.js';

const DIR = 'tests/fixtures/extraction-own/pdfs';
const A = '01_slides_soja_primavera.pdf';
const B = '02_resumo_expandido_milho_guarapuava.pdf';
const C = '05_email_feijao_itabera.pdf';
const file = (name: string) => ({ name, mimeType: 'application/pdf', buffer: readFileSync(`${DIR}/${name}`) });

/** Fills what the schema still refuses after the report: the first real option of a select, a plain value in an input. */
async function fillInvalid(page: Page) {
  const invalid = page.locator('form [aria-invalid="true"]');
  for (let i = 0; i < 40 && (await invalid.count()) > 0; i++) {
    // By its name: once filled it is no longer invalid, and `invalid.first()` would move on.
    const name = (await invalid.first().getAttribute('name')) ?? '';
    const el = page.locator(`form [name="${name}"]`).first();
    const tag = await el.evaluate((e) => e.tagName);
    if (tag === 'SELECT') {
      const value = await el.locator('option').nth(1).getAttribute('value');
      await el.selectOption(value ?? '');
    } else if (/produtividade|latitude|longitude|teor|custo|roi|dose/.test(name)) {
      await el.fill(/latitude/.test(name) ? '-15,5' : /longitude/.test(name) ? '-54,3' : '3.450,5');
    } else {
      await el.fill(/nome/.test(name) ? 'Tratamento importado' : 'Valor conferido');
    }
    await el.blur();
  }
}

test('import a batch, watch it finish, approve one corrected draft, discard one, find the experiment with its PDF', async ({
  page,
  request,
}) => {
  // Three reports read by the extractor in the background: allow for a busy machine.
  test.setTimeout(240_000);
  const user = await registerByApi(request, newUser({ role: 'consultor' }));

  // The duplicate: report A is already a draft of this user (same bytes → refused by SHA-256).
  const headers = await apiToken(request, user);
  const first = await request.post('/api/uploads/bulk', { headers, multipart: { pdfs: file(A) } });
  expect(first.status()).toBe(202);

  await signIn(page, user, '/importar');
  await expect(page.getByRole('heading', { name: 'Importar relatórios' })).toBeVisible();
  await page
    .locator('input[name="pdfs"]')
    .setInputFiles([file(B), file(C), file(A), { name: 'anotacoes.txt', mimeType: 'text/plain', buffer: Buffer.from('não é um PDF') }]);

  const rows = page.getByRole('list', { name: 'Arquivos do lote' });
  const row = (name: string) => rows.getByRole('listitem').filter({ hasText: name });
  await expect(rows.getByRole('listitem')).toHaveCount(4);
  await expect(row('anotacoes.txt')).toContainText('O arquivo não é um PDF.');
  await expect(row(A)).toContainText('Recusado');
  await expect(row(A)).toContainText(/Arquivo repetido/);
  // The batch finishes: both reports read and ready for review.
  await expect(row(B)).toContainText('Pronto para revisão', { timeout: 180_000 });
  await expect(row(C)).toContainText('Pronto para revisão', { timeout: 180_000 });
  await expect(page.getByRole('progressbar', { name: 'Envio dos arquivos' })).toHaveAttribute('aria-valuenow', '100');

  await page.getByRole('link', { name: /Revisar rascunhos/ }).click();
  await expect(page).toHaveURL(/\/importar\/revisao\?lote=/);
  const queue = page.getByRole('list', { name: 'Rascunhos' });
  await expect(queue.getByRole('listitem')).toHaveCount(2);

  // Correct and approve B.
  await page.getByRole('button', { name: `Revisar ${B}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: B })).toBeVisible();
  await expect(page.getByTestId('pdf-page').or(page.locator('iframe'))).toBeVisible();
  const stamp = Date.now().toString(36);
  const consultoria = `Consultoria Importada ${stamp}`;
  await page.locator('form [name="consultoria"]').fill(consultoria);
  await page.getByRole('button', { name: 'Aprovar' }).click();
  await fillInvalid(page);
  if (await page.getByRole('button', { name: 'Aprovar' }).isVisible()) await page.getByRole('button', { name: 'Aprovar' }).click();
  await expect(page.getByText('Experimento criado a partir do relatório')).toBeVisible({ timeout: 20_000 });

  // The review moves on to C: discard it (the app's confirm dialog).
  await expect(page.getByRole('heading', { level: 1, name: C })).toBeVisible();
  await page.getByRole('button', { name: 'Descartar' }).click();
  await page.getByRole('alertdialog', { name: 'Descartar rascunho' }).getByRole('button', { name: 'Descartar' }).click();
  await expect(page.getByText('Rascunho descartado')).toBeVisible();

  // The approved experiment is on the dashboard, with the report as its PDF.
  await page.goto('/dashboard?aba=experimentos');
  await page.getByRole('searchbox', { name: 'Buscar experimentos' }).fill(stamp);
  await expect(page.getByRole('heading', { name: 'Experimentos Cadastrados (1)' })).toBeVisible();
  // By its row: until the search answers, the one row may still be another journey's trial.
  await page.getByRole('row').filter({ hasText: consultoria }).getByRole('button', { name: 'Ver detalhes' }).click();
  const details = page.getByRole('dialog');
  await expect(details).toContainText(consultoria);
  // Its PDF is the report it was read from, byte for byte.
  const list = await (await request.get(`/api/experiments?busca=${encodeURIComponent(stamp)}`, { headers })).json();
  expect(list.experiments[0]).toMatchObject({ consultoria, pdf_filename: B });
  const docs = await (await request.get(`/api/uploads/documents?experimentId=${list.experiments[0].id}`, { headers })).json();
  const pdf = await request.get(`/api/uploads/documents/${docs.documents[0].id}/download`, { headers });
  expect(Buffer.compare(await pdf.body(), file(B).buffer)).toBe(0);
});
