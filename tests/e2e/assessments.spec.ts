import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { apiToken, newUser, next, pdfFile, registerByApi, signIn, fillStepsOneToFour } from './fixtures.js';

// The fungicide trial of tests/fixtures/stats/avaliacoes.R: 5 treatments × 4 blocks (DBC), severity
// (% of leaf area) on three dates; the API test compares its numbers with R's, this journey types it.
const NAMES = ['Testemunha', 'Fungicida A', 'Fungicida B', 'Fungicida C', 'Fungicida D'];
const SEV = [
  [8, 11, 7, 9, 5, 6, 3, 6, 4, 5, 4, 4, 6, 8, 5, 7, 3, 4, 2, 4],
  [22, 26, 18, 24, 10, 13, 8, 11, 7, 9, 7, 8, 14, 17, 11, 15, 6, 7, 4, 6],
  [48, 56, 41, 52, 19, 23, 14, 21, 12, 15, 11, 12, 29, 35, 27, 30, 9, 12, 7, 11],
];
const DATES = ['2024-12-20', '2024-12-27', '2025-01-10'];
/** Yields typed as a Brazilian does: thousands with a dot, decimals with a comma. */
const yieldOf = (i: number, b: number) => `3.${(100 + i * 150 + b * 37).toString().padStart(3, '0')},5`;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const [label, viewport] of [
  ['1280', { width: 1280, height: 900 }],
  ['375', { width: 375, height: 800 }],
] as const) {
  test(`a fungicide trial with severity on three dates, typed and analysed (${label} px)`, async ({ page, request }) => {
    await page.setViewportSize(viewport);
    const user = await registerByApi(request, newUser());
    const consultoria = `Ensaio Fungicida ${label} ${Date.now()}`;
    await signIn(page, user, '/novo-experimento');
    await fillStepsOneToFour(page, { consultoria: consultoria, cidade: 'Rio Verde', cultura: 'Soja', cultivar: 'M6410' });

    await page.locator('select[name="numeroRepeticoes"]').selectOption('4');
    // Each treatment filled as it is added: on a phone only the newest card stays open.
    await page.getByRole('button', { name: 'Adicionar Testemunha (T1)' }).click();
    for (let i = 0; i < NAMES.length; i++) {
      if (i > 0) {
        await page.getByRole('button', { name: 'Adicionar Tratamento' }).click();
        await page.locator(`input[name="tratamentos.${i}.nome"]`).fill(NAMES[i]!);
      }
      await page.locator(`select[name="tratamentos.${i}.modalidade"]`).selectOption('Foliar');
    }
    for (let i = 0; i < NAMES.length; i++)
      for (let b = 0; b < 4; b++) await page.locator(`input[name="tratamentos.${i}.repeticoes.${b}"]`).fill(yieldOf(i, b));

    // Severity on the first date: the name brings its unit and type.
    await page.getByRole('button', { name: 'Adicionar avaliação' }).click();
    await page.locator('input[name="avaliacoes.0.nome"]').fill('Severidade');
    await expect(page.locator('select[name="avaliacoes.0.tipo"]')).toHaveValue('porcentagem');
    await expect(page.locator('input[name="avaliacoes.0.unidade"]')).toHaveValue('%');
    await page.locator('input[name="avaliacoes.0.data"]').fill(DATES[0]!);
    await page.locator('input[name="avaliacoes.0.estadio"]').fill('R5.1');
    await page.locator('input[name="avaliacoes.0.alvo"]').fill('Ferrugem-asiática');
    // Two more dates with the same layout.
    await page.getByRole('button', { name: 'Nova data da avaliação 1' }).click();
    await page.getByRole('button', { name: 'Nova data da avaliação 1' }).click();
    for (let d = 1; d < 3; d++) {
      await expect(page.locator(`input[name="avaliacoes.${d}.nome"]`)).toHaveValue('Severidade');
      await page.locator(`input[name="avaliacoes.${d}.data"]`).fill(DATES[d]!);
    }
    const keys = ['avaliacao', 'severidade', 'severidade-2'];
    const cell = (d: number, i: number, b: number) => page.locator(`input[name="tratamentos.${i}.observacoes.${keys[d]}.${b}"]`);

    // A percentage above 100 is refused in its cell, naming the value.
    await cell(0, 0, 0).fill('150');
    await cell(0, 0, 0).press('Tab');
    await expect(page.getByText('150 não é uma porcentagem válida: use de 0 a 100')).toBeVisible();
    await shot(page, `refused-cell-${label}`);

    for (let d = 0; d < 3; d++)
      for (let i = 0; i < NAMES.length; i++)
        for (let b = 0; b < 4; b++) await cell(d, i, b).fill(String(SEV[d]![i * 4 + b]).replace('.', ','));
    await expect(page.getByText('150 não é uma porcentagem válida: use de 0 a 100')).toHaveCount(0);
    await next(page);
    await page.locator('select[name="tipo_estatistica"]').selectOption('DBC');
    await page.locator('input[name="custo_protocolo"]').fill('1.500');
    await next(page);
    await page.locator('input[name="pdf"]').setInputFiles(pdfFile(`fungicida-${label}.pdf`, consultoria));
    await page.getByRole('button', { name: 'Salvar Experimento' }).click();
    await expect(page.getByText('Experimento criado com sucesso!')).toBeVisible();

    // What was stored: three assessments, each plot as typed.
    const auth = await apiToken(request, user);
    const mine = await (await request.get('/api/experiments?limit=50', { headers: auth })).json();
    const e = mine.experiments.find((x: { consultoria: string }) => x.consultoria === consultoria);
    expect(e.avaliacoes.map((a: { chave: string; data: string }) => [a.chave, a.data])).toEqual(keys.map((k, d) => [k, DATES[d]]));
    expect(e.tratamentos[1].observacoes['severidade-2']).toEqual([19, 23, 14, 21]);

    // The report: each assessment, its efficacy and letters; then the area under the curve.
    await page.goto(`/experimentos/${e.id}/relatorio`);
    await expect(page.getByText('Avaliações: média das parcelas de cada tratamento')).toBeVisible();
    const variable = page.locator('select[name="variavel"]');
    await variable.selectOption('a:severidade-2');
    await expect(page.getByRole('heading', { name: 'Severidade (%) · 10/01/2025' })).toBeVisible();
    await expect(page.getByText('Análise de variância')).toBeVisible();
    const efficacy = page.getByRole('region', { name: /Eficácia \(Abbott\)/ });
    await expect(efficacy.getByRole('row', { name: /Fungicida A/ })).toContainText('60,9%');
    await expect(efficacy.getByRole('row', { name: /Fungicida D/ })).toContainText('80,2%');
    await expect(page.getByText('Médias (%) e letras a 5%')).toBeVisible();
    await shot(page, `assessment-report-${label}`);

    await variable.selectOption('a:avaliacao');
    await expect(page.getByRole('heading', { name: 'Severidade (%) · 20/12/2024, R5.1' })).toBeVisible();

    await variable.selectOption('c:Severidade');
    await expect(page.getByRole('heading', { name: 'Área abaixo da curva de progresso (AACPD) de Severidade' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Curva de progresso: média de cada tratamento por data' })).toBeVisible();
    const curve = page.getByRole('region', { name: /Curva de progresso: médias por data/ });
    await expect(curve.getByRole('row', { name: /Testemunha/ })).toContainText('49,3');
    await expect(page.getByText('Análise de variância')).toBeVisible();
    await shot(page, `aacpd-report-${label}`);

    // The assessments' CSV: a row per treatment × assessment, each plot as typed (Excel pt-BR).
    if (label === '1280') {
      await page.goto('/dashboard?cultura=Soja&regional=GO');
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Exportar avaliações (CSV)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^avaliacoes-\d{4}-\d{2}-\d{2}\.csv$/);
      const rows = readFileSync((await download.path())!, 'utf8')
        .slice(1)
        .split('\r\n')
        .filter((l) => l.startsWith(`${e.id};`));
      expect(rows).toHaveLength(3 * NAMES.length);
      expect(rows).toContainEqual(
        expect.stringContaining('T2;Fungicida A;Severidade;%;Porcentagem (0–100);10/01/2025;;Ferrugem-asiática;19,25;4;19;23;14;21'),
      );
    }
  });
}
