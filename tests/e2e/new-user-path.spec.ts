/**
 * What a new user trips over (issue 29), walked in order: two real-style reports imported and
 * approved in bulk; one edited with its state and crop shown; found under its product; a new trial
 * started while a draft exists, nothing typed lost; the printed report with products and doses.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiToken, next, newUser, registerByApi, signIn } from './fixtures.js';

const DIR = 'tests/fixtures/extraction';
const REPORTS = ['01-blocos-soja-rio-verde.pdf', '12-layout-demo-toledo.pdf'];
// Other journeys import and approve the same reports, and a PDF already kept is refused as a repeat:
// a comment after the end marker makes this run's copies files of their own, read the same way.
const run = Date.now().toString(36);
const file = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.concat([readFileSync(`${DIR}/${name}`), Buffer.from(`\n% new-user-path ${run}\n`)]),
});

interface Treatment {
  nome: string;
  modalidade: string;
  produtos_aplicados: { nome: string; dose: number | null; unidade: string }[];
}
interface Experiment {
  id: number;
  owner: { name: string };
  pdf_filename: string | null;
  estado: string;
  cultura: string;
  consultoria: string;
  tratamentos: Treatment[];
}

test('import, approve all, edit, filter by product, a new trial beside a draft, print', async ({ page, request }) => {
  // Two reports read by the extractor in the background: allow for a busy machine.
  test.setTimeout(240_000);
  const user = await registerByApi(request, newUser({ role: 'consultor' }));
  const auth = await apiToken(request, user);

  // 1. Import both and approve all the confident ones at once: every one of them passes (before,
  // each failed on its control's missing modality).
  await signIn(page, user, '/importar');
  await page.locator('input[name="pdfs"]').setInputFiles(REPORTS.map(file));
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/imports/drafts?status=ready', { headers: auth });
        return ((await res.json()) as { drafts: unknown[] }).drafts.length;
      },
      { timeout: 120_000 },
    )
    .toBe(2);
  await page.goto('/importar/revisao');
  // Both are read with confidence ≥ 90 % (the button reads (0) until the drafts have loaded)…
  await page.getByRole('button', { name: 'Aprovar todos com confiança ≥ 90 % (2)' }).click();
  // …and both pass the approval's checks.
  await expect(page.getByText('2 aprovado(s), 0 precisa(m) de revisão')).toBeVisible({ timeout: 60_000 });

  const list = (await (await request.get('/api/experiments?limit=100', { headers: auth })).json()) as { experiments: Experiment[] };
  // Everyone's trials are listed; this journey's are those of its new user.
  const mine = list.experiments.filter((e) => e.owner.name === user.name);
  expect(mine).toHaveLength(2);
  // The first report's trial: its control states no mode, and its table has a dose column.
  const trial = mine.find((e) => e.pdf_filename === REPORTS[0])!;
  expect(trial).toBeTruthy();
  // The untreated control got a modality the approval accepts, and no products.
  expect(trial.tratamentos[0]!.modalidade).toBe('Sem aplicação');
  expect(trial.tratamentos[0]!.produtos_aplicados).toEqual([]);
  // A treated one has its product with the dose the report's dose column gives.
  const treated = trial.tratamentos.find((t) => t.produtos_aplicados.some((p) => p.dose !== null))!;
  expect(treated).toBeTruthy();
  const { nome: product, dose, unidade } = treated.produtos_aplicados.find((p) => p.dose !== null)!;

  // 2. Edited: the state and the crop read from the report are shown, not the placeholder.
  await page.goto(`/dashboard?${new URLSearchParams({ aba: 'experimentos', produto: product })}`);
  // 3. …and the imported trial is found under its product.
  // Other journeys may have imported the same report: this person's row is the one they may edit.
  const row = page
    .getByRole('row')
    .filter({ hasText: trial.consultoria })
    .filter({ has: page.getByRole('button', { name: 'Editar', exact: true }) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Editar', exact: true }).click();
  await expect(page).toHaveURL(/\/novo-experimento$/);
  await next(page);
  const estado = page.locator('select[name="estado"]');
  await expect(estado).toHaveValue(trial.estado);
  await expect(estado.locator('option:checked')).not.toHaveText(/Selecione/);
  await next(page);
  await next(page);
  const cultura = page.locator('select[name="cultura"]');
  await expect(cultura).toHaveValue(trial.cultura);
  await expect(cultura.locator('option:checked')).not.toHaveText(/Selecione/);

  // 4. A new trial while an old draft exists: continuing it asks before replacing what was typed.
  await page.goto('/dashboard');
  await page.evaluate(() => localStorage.removeItem('editingExperiment'));
  await page.goto('/novo-experimento');
  await page.locator('input[name="consultoria"]').fill('Rascunho Antigo');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('gestao-agricola:draft:novo'))).toContain('Rascunho Antigo');
  page.on('dialog', (d) => void d.accept());
  await page.reload();
  await expect(page.getByRole('button', { name: 'Continuar rascunho' })).toBeVisible();
  await page.locator('input[name="consultoria"]').fill('Ensaio Novo');
  await page.getByRole('button', { name: 'Continuar rascunho' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Substituir o que você digitou?' });
  await ask.getByRole('button', { name: 'Manter o que digitei' }).click();
  await expect(page.locator('input[name="consultoria"]')).toHaveValue('Ensaio Novo');

  // 5. The printed report names each treatment's products and doses.
  await page.goto(`/experimentos/${trial.id}/relatorio`);
  await page.emulateMedia({ media: 'print' });
  const products = page.getByRole('table', { name: 'Tratamentos: produtos, doses, modalidade, produtividade e custo' });
  await expect(products).toBeVisible();
  const rowOf = (nome: string) => products.getByRole('row').filter({ has: page.getByRole('cell', { name: nome, exact: true }) });
  const row5 = rowOf(treated.nome);
  await expect(row5).toContainText(product);
  // The dose as a Brazilian writes it ("0,2 L/100 kg de sementes").
  await expect(row5).toContainText(`${String(dose).replace('.', ',')} ${unidade}`);
  await expect(rowOf(trial.tratamentos[0]!.nome)).toContainText('Sem aplicação');
});
