// @vitest-environment happy-dom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnalysisResponse } from '../../../shared/api-types.js';
import { analyze, type AnalyzeInput, type Transformacao } from '../../../shared/stats/index.js';
import { INSECT_SPRAYS } from '../../../shared/stats/test-helpers.js';
import { apiAnswer, bodyRows, cells, cleanUpAfterEach, renderAnalysisView as showView } from './analysis.test-helper.js';
import { PressupostosSection } from './pressupostos-section.js';

/** R's InsectSprays (Beall 1942): counts with zeros, the square root's classic case. */
const INSETOS: AnalyzeInput = {
  design: 'Inteiramente Casualizado',
  tratamentos: INSECT_SPRAYS.map((repeticoes, i) => ({ nome: `Spray ${'ABCDEF'[i]}`, repeticoes })),
};

/** What the API answers (routes.ts), the data transformed or not. */
const answer = (input: AnalyzeInput, transformacao: Transformacao | null = null): AnalysisResponse =>
  apiAnswer(analyze(input, { transformacao }));

function serveByUrl(answers: Record<string, unknown>) {
  const fetch = vi.fn(async (url: RequestInfo | URL) => {
    const body = answers[String(url)];
    return new Response(JSON.stringify(body ?? { error: { code: 'NOT_FOUND', message: 'não' } }), {
      status: body ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

cleanUpAfterEach();

describe('PressupostosSection', () => {
  it('shows Shapiro-Wilk, Bartlett and Levene with their p and whether each holds at 5 %', () => {
    render(<PressupostosSection analise={answer(INSETOS)} onTransformar={() => {}} />);
    const table = screen.getByRole('table', { name: 'Testes dos pressupostos' });
    const rows = bodyRows(table);
    expect(rows).toEqual([
      ['Shapiro-Wilknormalidade dos resíduos', '0,0223', 'Não atendido', 'W = 0,9601'],
      ['Bartletthomogeneidade das variâncias', '< 0,0001', 'Não atendido', 'K² = 25,96'],
      ['Levene (Brown-Forsythe)homogeneidade das variâncias', '0,0042', 'Não atendido', 'F(5; 66) = 3,821'],
    ]);
    expect(screen.getByRole('heading', { name: 'Pressupostos da análise' })).toBeTruthy();
  });

  it('offers the suggested transformation with its reason, and asks for it when clicked', () => {
    const onTransformar = vi.fn();
    render(<PressupostosSection analise={answer(INSETOS)} onTransformar={onTransformar} />);
    expect(
      screen.getByText(/Há parcelas com produtividade zero, o que impede o logaritmo e o Box-Cox: sugere-se a raiz quadrada\./),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar transformação raiz quadrada' }));
    expect(onTransformar).toHaveBeenCalledWith('raiz');
    expect(screen.queryByRole('button', { name: 'Voltar aos dados originais' })).toBeNull();
  });

  it('draws both residual plots as labelled images, one point per plot, with the zero line and the Q–Q reference line', () => {
    const { container } = render(<PressupostosSection analise={answer(INSETOS)} onTransformar={() => {}} />);
    const residuos = screen.getByRole('img', {
      name: /^Gráfico de dispersão dos resíduos padronizados contra os valores ajustados.*72 parcelas$/,
    });
    const qq = screen.getByRole('img', { name: /^Gráfico Q–Q normal: resíduos padronizados contra os quantis teóricos.*72 parcelas$/ });
    expect(residuos.querySelectorAll('circle')).toHaveLength(72);
    expect(qq.querySelectorAll('circle')).toHaveLength(72);
    expect(within(residuos as unknown as HTMLElement).getByText('Valores ajustados')).toBeTruthy();
    expect(within(qq as unknown as HTMLElement).getByText('Quantis teóricos (normal)')).toBeTruthy();
    const reta = container.querySelector('[data-testid="reta-qq"]');
    for (const attr of ['x1', 'y1', 'x2', 'y2']) expect(Number.isFinite(Number(reta?.getAttribute(attr)))).toBe(true);
    // Scaled to the card: the box is a viewBox, the width 100 % (legible at 375 px).
    expect(residuos.getAttribute('viewBox')).toBe('0 0 320 240');
    expect(residuos.getAttribute('class')).toContain('w-full');
  });

  it('with two replicates says Levene cannot be computed', () => {
    const input: AnalyzeInput = {
      design: 'DBC',
      tratamentos: [
        { nome: 'T1', repeticoes: [3000, 3100] },
        { nome: 'T2', repeticoes: [3400, 3380] },
        { nome: 'T3', repeticoes: [2900, 3150] },
        { nome: 'T4', repeticoes: [3600, 3500] },
      ],
    };
    render(<PressupostosSection analise={answer(input)} onTransformar={() => {}} />);
    const row = screen.getByRole('row', { name: /^Levene/ });
    expect(cells(row)).toEqual(['Levene (Brown-Forsythe)homogeneidade das variâncias', '-', 'Não calculado', '-']);
    expect(screen.getByText(/nenhuma transformação é necessária\. λ de Box-Cox estimado: 2\.$/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('AnalysisView with a transformation', () => {
  it('applies the suggestion (GET …?transformacao=raiz), says the scale, and goes back to the original data', async () => {
    const fetch = serveByUrl({
      '/api/experiments/7/analise': answer(INSETOS),
      '/api/experiments/7/analise?transformacao=raiz': answer(INSETOS, 'raiz'),
    });
    showView(7);
    fireEvent.click(await screen.findByRole('button', { name: 'Aplicar transformação raiz quadrada' }));
    expect(await screen.findByText('raiz quadrada', { selector: 'strong' })).toBeTruthy();
    expect(fetch.mock.calls.map((c) => String(c[0]))).toEqual([
      '/api/experiments/7/analise',
      '/api/experiments/7/analise?transformacao=raiz',
    ]);
    expect(screen.getByRole('table', { name: 'Testes dos pressupostos (dados transformados)' })).toBeTruthy();
    expect(screen.getByText(/A análise de variância, os testes, as letras e as DMS estão na escala transformada/)).toBeTruthy();
    expect(screen.getByText(/DMS \(Tukey 5%\): .* \(escala transformada\)\./)).toBeTruthy();
    // The means stay those of the counts: spray F averages 16,67.
    const means = screen.getByRole('table', { name: 'Médias (kg/ha) e letras a 5%' });
    expect(cells(within(means).getByRole('row', { name: /^Spray F/ }))[1]).toBe('16,67');
    expect(screen.queryByRole('button', { name: 'Aplicar transformação raiz quadrada' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Voltar aos dados originais' }));
    expect(await screen.findByRole('table', { name: 'Testes dos pressupostos' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aplicar transformação raiz quadrada' })).toBeTruthy();
  });

  it('offers the way back when the transformed analysis is refused', async () => {
    serveByUrl({ '/api/experiments/7/analise': answer(INSETOS) });
    showView(7);
    fireEvent.click(await screen.findByRole('button', { name: 'Aplicar transformação raiz quadrada' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Voltar aos dados originais' }));
    expect(await screen.findByRole('button', { name: 'Aplicar transformação raiz quadrada' })).toBeTruthy();
  });
});
