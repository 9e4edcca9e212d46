// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analyze, type AnalyzeInput } from '../../../shared/stats/index.js';
import type { AnalysisResponse } from '../../../shared/api-types.js';
import {
  apiAnswer,
  bodyRows,
  cells,
  cleanUpAfterEach,
  renderAnalysisView as show,
  rowOf,
  serveJson as serve,
} from './analysis.test-helper.js';

/** A small RCBD: a control and two products in four blocks, priced at R$ 120 a bag. */
function answer(): AnalysisResponse {
  const analysis = analyze({
    design: 'DBC',
    precoSaca: 120,
    tratamentos: [
      { nome: 'Testemunha', repeticoes: [3000, 3100, 2950, 3050] },
      { nome: 'Bio A', repeticoes: [3620, 3680, 3560, 3640] },
      { nome: 'Bio B', repeticoes: [3300, 3420, 3280, 3400] },
    ],
  });
  return apiAnswer(analysis, { 'Bio A': 50, 'Bio B': 0 });
}

/** Serves `body` as the analysis, opens the view and waits for its table named `name`. */
async function tableShown(body: AnalysisResponse, name: string): Promise<HTMLElement> {
  serve(200, body);
  show(7);
  return screen.findByRole('table', { name });
}

/** What the API answers for a two-factor design (no costs). */
const factorialAnswer = (input: AnalyzeInput): AnalysisResponse => apiAnswer(analyze(input));
const T = (nome: string, nivelA: string | null, nivelB: string | null, repeticoes: number[]) => ({ nome, nivelA, nivelB, repeticoes });
/** Product × dose with an untreated control outside the factorial; the interaction is significant. */
const COM_ADICIONAL: AnalyzeInput = {
  design: 'Fatorial DBC com adicional',
  fatores: { a: 'Produto', b: 'Dose' },
  tratamentos: [
    T('Testemunha', null, null, [2800, 2900, 2850]),
    T('X baixa', 'X', 'baixa', [3000, 3100, 2950]),
    T('X alta', 'X', 'alta', [3400, 3500, 3380]),
    T('Y baixa', 'Y', 'baixa', [3200, 3150, 3260]),
    T('Y alta', 'Y', 'alta', [3900, 3820, 3950]),
  ],
};
/** Cultivars on the main plots, nitrogen on the subplots; the interaction is not significant. */
const PARCELAS: AnalyzeInput = {
  design: 'Parcelas Subdivididas DBC',
  fatores: { a: 'Cultivar', b: 'Nitrogênio' },
  tratamentos: [
    T('C1 N0', 'C1', 'N0', [3000, 3100, 2950, 3050]),
    T('C1 N1', 'C1', 'N1', [3150, 3180, 3120, 3160]),
    T('C1 N2', 'C1', 'N2', [3300, 3390, 3230, 3320]),
    T('C2 N0', 'C2', 'N0', [3120, 3080, 3170, 3100]),
    T('C2 N1', 'C2', 'N1', [3250, 3230, 3280, 3300]),
    T('C2 N2', 'C2', 'N2', [3330, 3350, 3290, 3400]),
  ],
};

cleanUpAfterEach();

describe('AnalysisView', () => {
  it("reads the experiment's analysis and shows the design, mean, CV and notes", async () => {
    const fetch = serve(200, answer());
    show(7);
    expect(await screen.findByText('Blocos casualizados (DBC)')).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/api/experiments/7/analise');
    expect(screen.getByText('3.333,33 kg/ha')).toBeTruthy();
    expect(screen.getByText('0,54%')).toBeTruthy();
    expect(screen.getByText('(baixo)', { exact: false })).toBeTruthy();
    expect(screen.getByText('Coeficiente de variação baixo (CV = 0,5 %): boa precisão experimental.')).toBeTruthy();
  });

  it('shows the ANOVA table in pt-BR numbers, with tiny p-values as "< 0,0001"', async () => {
    const anova = await tableShown(answer(), 'Análise de variância');
    expect(cells(rowOf(anova, 'Tratamentos'))).toEqual(['Tratamentos', '2', '721.666,67', '360.833,33', '1.119,828', '< 0,0001']);
    expect(cells(rowOf(anova, 'Blocos'))).toEqual(['Blocos', '3', '32.866,67', '10.955,56', '34', '0,0004']);
    expect(cells(rowOf(anova, 'Resíduo'))).toEqual(['Resíduo', '6', '1.933,33', '322,22', '', '']);
    expect(cells(rowOf(anova, 'Total'))).toEqual(['Total', '11', '756.466,67', '', '', '']);
  });

  it('lists the means best first with their Tukey and Scott-Knott letters', async () => {
    const means = await tableShown(answer(), 'Médias (kg/ha) e letras a 5%');
    expect(bodyRows(means)).toEqual([
      ['Bio A', '3.625', 'a', 'a'],
      ['Bio B', '3.350', 'b', 'b'],
      ['Testemunha', '3.025', 'c', 'c'],
    ]);
    expect(screen.getByText(/DMS \(Tukey 5%\): 38,95 kg\/ha/)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Médias dos tratamentos com as letras do teste de Tukey' })).toBeTruthy();
  });

  it('shows each gain over the control, priced, with its return when it has a cost', async () => {
    const gains = await tableShown(answer(), 'Ganho sobre a testemunha (Testemunha: 3.025 kg/ha)');
    const clean = (row: HTMLElement) => cells(row).map((c) => c?.replace(/\s/g, ' '));
    expect(clean(rowOf(gains, 'Bio A'))).toEqual(['Bio A', '600', '10', '19,8%', 'R$ 1.200,00', 'R$ 50,00', 'R$ 1.150,00', '24×']);
    expect(clean(rowOf(gains, 'Bio B'))).toEqual(['Bio B', '325', '5,42', '10,7%', 'R$ 650,00', 'R$ 0,00', 'R$ 650,00', '-']);
    expect(screen.queryByText(/Informe o preço da saca/)).toBeNull();
  });

  it('without a bag price it asks for one instead of showing revenue', async () => {
    const a = answer();
    serve(200, { ...a, ganhos: a.ganhos.map((g) => ({ ...g, receitaExtra: null, retornoLiquido: null, retornoPorReal: null })) });
    show(7);
    expect(
      await screen.findByText('Informe o preço da saca no passo 6 do formulário para ver a receita extra e o retorno de cada tratamento.'),
    ).toBeTruthy();
  });

  it('lists every source of a factorial in the ANOVA table, in order', async () => {
    const anova = await tableShown(factorialAnswer(COM_ADICIONAL), 'Análise de variância');
    const fontes = within(anova)
      .getAllByRole('row')
      .slice(1)
      .map((row) => cells(row)[0]);
    expect(fontes).toEqual(['Produto', 'Dose', 'Produto × Dose', 'Fatorial vs Adicional', 'Blocos', 'Resíduo', 'Total']);
    expect(cells(rowOf(anova, 'Produto × Dose'))).toEqual(['Produto × Dose', '1', '57.408,33', '57.408,33', '12,512', '0,0077']);
  });

  it('prints the two-way table with uppercase letters in the columns and lowercase in the rows, and the desdobramento', async () => {
    const means = await tableShown(factorialAnswer(COM_ADICIONAL), 'Médias (kg/ha) de Produto × Dose');
    expect(bodyRows(means)).toEqual([
      ['X', '3.017 Bb', '3.427 Ba', '3.222'],
      ['Y', '3.203 Ab', '3.890 Aa', '3.547'],
      ['Média', '3.110', '3.658', ''],
    ]);
    expect(screen.getByText(/Interação significativa: médias seguidas da mesma letra maiúscula/)).toBeTruthy();
    expect(screen.getByText(/Tratamento adicional \(Testemunha\)/)).toBeTruthy();
    const bInA = screen.getByRole('table', { name: 'Desdobramento: Dose dentro de cada nível de Produto' });
    expect(within(bInA).getAllByRole('columnheader')[0]?.textContent).toBe('Produto');
    expect(cells(rowOf(bInA, 'X'))).toEqual(['X', '1', '252.150', '252.150', '54,955', '< 0,0001', '127,54']);
    expect(cells(rowOf(bInA, 'Resíduo'))).toEqual(['Resíduo', '8', '', '4.588,33', '', '', '']);
    expect(screen.getByRole('table', { name: 'Desdobramento: Produto dentro de cada nível de Dose' })).toBeTruthy();
  });

  it('without interaction, a split plot shows both CVs and letters on the marginal means only', async () => {
    const means = await tableShown(factorialAnswer(PARCELAS), 'Médias (kg/ha) de Cultivar × Nitrogênio');
    expect(bodyRows(means)).toEqual([
      ['C1', '3.025', '3.153', '3.310', '3.163 a'],
      ['C2', '3.118', '3.265', '3.343', '3.242 a'],
      ['Média', '3.071 c', '3.209 b', '3.326 a', ''],
    ]);
    expect(screen.getByText('Parcelas Subdivididas DBC')).toBeTruthy();
    expect(screen.getByText('Cultivar (parcela) × Nitrogênio (subparcela)')).toBeTruthy();
    expect(screen.getByText('2,37%')).toBeTruthy();
    expect(screen.getByText('1,05%')).toBeTruthy();
    expect(screen.queryByRole('table', { name: /Desdobramento/ })).toBeNull();
    const anova = screen.getByRole('table', { name: 'Análise de variância' });
    expect(
      within(anova)
        .getAllByRole('row')
        .slice(1)
        .map((row) => cells(row)[0]),
    ).toEqual(['Blocos', 'Cultivar', 'Resíduo (a)', 'Nitrogênio', 'Cultivar × Nitrogênio', 'Resíduo (b)', 'Total']);
  });

  it("shows the API's message when the experiment cannot be analysed", async () => {
    const message = 'Não há repetições informadas: registre a produtividade de cada parcela (repetição) dos tratamentos.';
    serve(422, { error: { code: 'UNPROCESSABLE', message } });
    show(7);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
