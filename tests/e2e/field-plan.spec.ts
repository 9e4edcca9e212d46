import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { addTreatments, apiToken, fillStepsOneToFour, newUser, next, pdfFile, registerByApi, signIn, type TestUser } from './fixtures.js';

const NAMES = ['Testemunha', 'Fungicida A', 'Fungicida B'];
/** Severity typed in the field: the control worst, each block a little different. */
const severityOf = (treatment: number, block: number) =>
  [38, 12, 7][treatment]! + block * 2 + ((treatment * 3 + block * 5) % 4) * 1.5 + 0.5;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The page as printed (A4, backgrounds), kept as a PDF and, where poppler is installed, its first page as a PNG. */
async function printed(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.pdf`);
  await page.pdf({ path, format: 'A4', printBackground: true });
  if (existsSync('/usr/bin/pdftoppm'))
    execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', path, path.replace(/\.pdf$/, '')]);
}

async function experimentOf(request: APIRequestContext, user: TestUser, consultoria: string) {
  const auth = await apiToken(request, user);
  const mine = await (await request.get(`/api/experiments?limit=50&busca=${encodeURIComponent(consultoria)}`, { headers: auth })).json();
  return { auth, e: mine.experiments.find((x: { consultoria: string }) => x.consultoria === consultoria) };
}

test('plan a DBC trial, draw its layout, print labels and rating sheet, collect severity offline plot by plot (375 px)', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const user = await registerByApi(request, newUser());
  const consultoria = `Plano de Campo ${Date.now()}`;
  await signIn(page, user, '/novo-experimento');

  // Step 1: a planned trial; steps 2–4 as usual.
  await page.locator('select[name="situacao"]').selectOption('planejado');
  await fillStepsOneToFour(page, { consultoria, cidade: 'Rio Verde', cultura: 'Soja', cultivar: 'M6410' });

  // Step 5: 4 blocks, three treatments without yields, severity on two dates.
  await page.locator('select[name="numeroRepeticoes"]').selectOption('4');
  await addTreatments(page, NAMES);
  await page.getByRole('button', { name: 'Adicionar avaliação' }).click();
  await page.locator('input[name="avaliacoes.0.nome"]').fill('Severidade');
  await page.locator('input[name="avaliacoes.0.data"]').fill('2026-01-24');
  await page.locator('input[name="avaliacoes.0.alvo"]').fill('Ferrugem-asiática');
  await page.getByRole('button', { name: 'Nova data da avaliação 1' }).click();
  await page.locator('input[name="avaliacoes.1.data"]').fill('2026-01-31');
  await shot(page, 'plan-step5');
  await next(page);

  // Step 6: design, plot size, one spray of the fungicides.
  await page.locator('select[name="tipo_estatistica"]').selectOption('DBC');
  await page.locator('input[name="custo_protocolo"]').fill('2.500');
  await page.locator('input[name="parcela.comprimento_m"]').fill('5');
  await page.locator('input[name="parcela.largura_m"]').fill('3,5');
  await page.getByRole('button', { name: 'Adicionar aplicação' }).click();
  await page.locator('input[name="aplicacoes.0.data"]').fill('2026-01-10');
  await page.locator('input[name="aplicacoes.0.volume_calda_l_ha"]').fill('150');
  await shot(page, 'plan-step6');
  await next(page);

  // Step 7: no report yet.
  await page.getByRole('button', { name: 'Salvar Experimento' }).click();
  await expect(page.getByText('Experimento criado com sucesso!')).toBeVisible();
  const { e, auth } = await experimentOf(request, user, consultoria);
  expect(e.situacao).toBe('planejado');
  expect(e.pdf_filename).toBeNull();
  expect(e.avaliacoes.map((a: { daa: number | null }) => a.daa)).toEqual([14, 21]);

  // The layout, its map, the labels and the rating sheet.
  await page.goto(`/experimentos/${e.id}/croqui`);
  await page.getByRole('button', { name: 'Sortear croqui' }).click();
  await expect(page.getByRole('tab', { name: 'Mapa' })).toBeVisible();
  await shot(page, 'croqui-map-375');
  await page.getByRole('tab', { name: 'Etiquetas' }).click();
  await expect(page.getByText('Parcela 101', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Parcela 403', { exact: true }).first()).toBeVisible();
  await printed(page, 'labels');
  await page.getByRole('tab', { name: 'Fichas de avaliação' }).click();
  await expect(page.getByRole('heading', { name: /Severidade/ }).first()).toBeVisible();
  await printed(page, 'rating-sheet');

  const croqui = (await (await request.get(`/api/experiments/${e.id}/croqui`, { headers: auth })).json()).croqui as {
    parcelas: { numero: number; tratamento: number; repeticao: number }[];
  };
  const walking = croqui.parcelas.map((p) => p.numero).sort((a, b) => a - b);

  // The collection page, opened online once, then the connection drops.
  await page.goto(`/experimentos/${e.id}/coleta`);
  const chave = e.avaliacoes[0].chave as string;
  await page.locator('select[name="avaliacao"]').selectOption(chave);
  await expect(page.getByText(`0 de ${walking.length}`)).toBeVisible();
  await context.setOffline(true);
  for (const numero of walking) {
    const input = page.getByLabel(new RegExp(`^Parcela ${numero}\\b`));
    await expect(input).toBeVisible();
    const plot = croqui.parcelas.find((p) => p.numero === numero)!;
    await input.fill(String(severityOf(plot.tratamento, plot.repeticao)).replace('.', ','));
    await input.press('Enter');
  }
  await expect(page.getByText(`${walking.length} de ${walking.length}`)).toBeVisible();
  await expect(page.getByText(`Sem conexão: ${walking.length} valores guardados neste aparelho`)).toBeVisible();
  await shot(page, 'collection-offline-375');

  // Back online: the values reach the server once, each in its treatment × block.
  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/experiments/${e.id}`, { headers: auth });
        const stored = (await res.json()).experiment.tratamentos as { observacoes?: Record<string, (number | null)[]> }[];
        return stored.map((t) => t.observacoes?.[chave] ?? []);
      },
      { timeout: 30_000 },
    )
    .toEqual(NAMES.map((_, t) => [1, 2, 3, 4].map((b) => severityOf(t, b))));
  await shot(page, 'collection-sent-375');

  // The trial report's analysis of that assessment.
  // A trial without yields opens its report on its first assessment.
  await page.goto(`/experimentos/${e.id}/relatorio`);
  await expect(page.locator('select[name="variavel"]')).toHaveValue(`a:${chave}`);
  await expect(page.getByText('Análise de variância')).toBeVisible();
  await shot(page, 'report-severity-375');
});

test('a planned trial is concluded with its yields and PDF, and then counts on the dashboard (1280 px)', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const user = await registerByApi(request, newUser());
  const auth = await apiToken(request, user);
  const consultoria = `Conclusão ${Date.now()}`;
  const data = {
    situacao: 'planejado',
    consultoria,
    marca: 'Aminoagro',
    bu: 'BU1',
    regional: 'GO',
    cidade: 'Jataí',
    estado: 'GO',
    teor_argila: 40,
    teor_materia_organica: 2.5,
    cultura: 'Milho',
    cultivar: 'P3456',
    ano: 2026,
    tipo_estatistica: 'DBC',
    custo_protocolo: 1800,
    blocos: 3,
    tratamentos: NAMES.map((nome, i) => ({ nome, modalidade: i ? 'Foliar' : 'Sem aplicação' })),
  };
  const created = await request.post('/api/experiments', { headers: auth, multipart: { data: JSON.stringify(data) } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).experiment.id as number;
  const stats = async () =>
    (await (await request.get('/api/experiments/stats?cultura=Milho&regional=GO&ano=2026', { headers: auth })).json())
      .totalExperimentos as number;
  const before = await stats();

  // The table lists it as planned; edit it from there.
  await signIn(page, user, `/dashboard?aba=experimentos&situacao=planejado&cultura=Milho`);
  await page.getByLabel('Buscar experimentos').fill(consultoria);
  const row = page.getByRole('row', { name: new RegExp(consultoria) });
  await expect(row.getByText('Planejado')).toBeVisible();
  await row.getByRole('button', { name: 'Editar', exact: true }).click();
  await expect(page.getByText('Modo de Edição')).toBeVisible();
  await page.locator('select[name="situacao"]').selectOption('concluido');
  for (let s = 0; s < 4; s++) await next(page);
  for (let i = 0; i < NAMES.length; i++)
    for (let b = 0; b < 3; b++) await page.locator(`input[name="tratamentos.${i}.repeticoes.${b}"]`).fill(`${8 + i}.${b}50,5`);
  await next(page);
  await next(page);
  await page.locator('input[name="pdf"]').setInputFiles(pdfFile('concluido.pdf', consultoria));
  await shot(page, 'conclude-step7-1280');
  await page.getByRole('button', { name: /Salvar|Atualizar/ }).click();
  await expect(page.getByText('Experimento atualizado com sucesso!')).toBeVisible();

  const stored = (await (await request.get(`/api/experiments/${id}`, { headers: auth })).json()).experiment;
  expect(stored.situacao).toBe('concluido');
  expect(stored.pdf_filename).toBe('concluido.pdf');
  expect(await stats()).toBe(before + 1);
  await page.goto('/dashboard?cultura=Milho&regional=GO&ano=2026');
  await expect(page.getByText('Total de Experimentos')).toBeVisible();
  await shot(page, 'dashboard-after-conclusion-1280');
});
