// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analyze, type AnalyzeInput, type TrialAnalysis } from '../../../shared/stats/index.js';
import { apiAnswer, cells, cleanUpAfterEach, renderAnalysisView, serveJson } from './analysis.test-helper.js';
import { RegressionSection, equacao } from './regression-section.js';

/** Nitrogen on maize in blocks: a control at dose 0 and five doses, a concave response. */
function ensaio(extra: Partial<AnalyzeInput> = {}, comProduto = true): TrialAnalysis {
  const doses = [0, 40, 80, 120, 160, 200];
  const ruido = [
    [120, -80, 40, -60],
    [-50, 90, -30, 20],
    [70, -40, -90, 60],
    [-20, 30, 80, -100],
    [40, -70, 10, 30],
    [-90, 60, -20, 50],
  ];
  return analyze({
    design: 'DBC',
    tratamentos: doses.map((dose, i) => ({
      nome: dose === 0 ? 'Testemunha' : `N ${dose}`,
      dose,
      produtos: comProduto && dose > 0 ? [{ dose, custo: 6.5 * dose }] : [],
      repeticoes: ruido[i]!.map((e, j) => 6000 + 40 * dose - 0.12 * dose * dose + e + 50 * j),
    })),
    ...extra,
  });
}

const show = (a: TrialAnalysis) => render(<RegressionSection regressao={a.regressao} residuo={a.anova.residuo} />);
cleanUpAfterEach();

describe('equacao', () => {
  it('writes ŷ = b0 + b1·x + b2·x² in pt-BR numbers with true minus signs', () => {
    expect(equacao([5748.453571, 47.61700893, -0.1547801339])).toBe('ŷ = 5.748,5 + 47,617·x − 0,15478·x²');
    expect(equacao([3305.275, 3.277166])).toBe('ŷ = 3.305,3 + 3,2772·x');
    expect(equacao([-12.5, -0.5])).toBe('ŷ = −12,5 − 0,5·x');
  });
});

describe('RegressionSection', () => {
  it('renders nothing without doses', () => {
    const a = analyze({
      design: 'DBC',
      tratamentos: [
        { nome: 'A', repeticoes: [1, 2, 3] },
        { nome: 'B', repeticoes: [2, 4, 3] },
      ],
    });
    const { container } = show(a);
    expect(container.innerHTML).toBe('');
  });

  it('shows the equation, R², lack of fit, both doses, the terms table and the chart', () => {
    const a = ensaio({ precoSaca: 70 });
    const reg = a.regressao!;
    expect(reg.modelo).toBe('quadratico');
    show(a);
    const secao = screen.getByRole('region', { name: 'Regressão dose–resposta' });
    expect(within(secao).getByText(equacao(reg.coeficientes!))).toBeTruthy();
    expect(within(secao).getByText('Dose de máxima eficiência econômica')).toBeTruthy();
    const economica = within(secao).getByText('Dose de máxima eficiência econômica').nextElementSibling!.textContent!;
    expect(economica).toMatch(
      /^1\d\d,\d \(ŷ = [\d.]+,\d kg\/ha; margem sobre a dose 0: R\$\s[\d.]+,\d\d\/ha; produto a R\$\s6,50 por unidade de dose\)$/,
    );
    expect(within(secao).getByText('Dose de máxima produtividade').nextElementSibling!.textContent).toMatch(/^1\d\d,\d \(ŷ = /);

    const tabela = within(secao).getByRole('table', { name: 'Análise de variância da regressão' });
    const linhas = within(tabela).getAllByRole('row').slice(1);
    expect(linhas.map((r) => cells(r)[0])).toEqual(['Linear', 'Quadrático', 'Cúbico', 'Falta de ajuste (quadrático)', 'Resíduo']);
    expect(cells(linhas[4]!)).toEqual(['Resíduo', '15', expect.any(String), expect.any(String), '', '']);

    const grafico = within(secao).getByRole('img');
    const rotulo = grafico.getAttribute('aria-label')!;
    expect(rotulo).toContain('Médias de produtividade por dose (0: ');
    expect(rotulo).toContain(`curva ajustada ${equacao(reg.coeficientes!)}`);
    expect(rotulo).toContain('dose de máxima eficiência econômica');
    expect(grafico.querySelectorAll('circle')).toHaveLength(6);
    expect(grafico.querySelector('polyline')).toBeTruthy();
  });

  it('says what to fill in when the bag price or the product price is missing', () => {
    show(ensaio({}, false));
    expect(screen.getByText('Dose de máxima eficiência econômica').nextElementSibling!.textContent).toBe('-');
    expect(
      screen.getByText(
        'Para calcular a dose de máxima eficiência econômica, informe o preço da saca (passo 6) e a dose e o custo do produto aplicado nos tratamentos com dose.',
      ),
    ).toBeTruthy();
  });

  it('with no significant term shows the table and the means without a curve', () => {
    const a = analyze({
      design: 'DIC',
      tratamentos: [0, 1, 2, 3].map((dose) => ({
        nome: `D${dose}`,
        dose,
        repeticoes: [4000, 4400, 3800, 4300].map((v, j) => v + ((dose + j) % 2) * 30),
      })),
    });
    show(a);
    expect(screen.queryByText('Dose de máxima produtividade')).toBeNull();
    expect(screen.getByRole('table', { name: 'Análise de variância da regressão' })).toBeTruthy();
    expect(screen.getByRole('img').querySelector('polyline')).toBeNull();
    expect(screen.getByText(/^Nenhum efeito de regressão/)).toBeTruthy();
  });
});

describe('AnalysisView', () => {
  it('shows the dose–response section of a trial with doses', async () => {
    serveJson(200, apiAnswer(ensaio({ precoSaca: 70 })));
    renderAnalysisView(3);
    expect(await screen.findByRole('heading', { name: 'Regressão dose–resposta' })).toBeTruthy();
  });
});
