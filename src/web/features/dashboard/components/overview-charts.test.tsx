// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardCharts } from '../../../../shared/dashboard.js';
import { metaAnalysisHref } from '../experiment-link.js';
import OverviewCharts, { PIE_MAX_SLICES, pieColors, pieSlices } from './overview-charts.js';

// ResponsiveContainer measures nothing in happy-dom: the drawings stay empty, the tables do not.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const base: DashboardCharts = {
  produtividadePorCultura: [
    { cultura: 'Cana-de-açúcar', media: 90_000, n: 1, ganho: 5 },
    { cultura: 'Soja', media: 3600, n: 2, ganho: 10 },
  ],
  experimentosPorMarca: [
    { marca: 'Aminoagro', n: 2 },
    { marca: 'Dimicron', n: 1 },
  ],
  porRegional: [
    { regional: 'GO', media: 46_800, n: 2, ganho: 7.5 },
    { regional: 'Nordeste', media: 3600, n: 1, ganho: null },
  ],
  porBu: [{ bu: 'BU1', media: 3600, n: 3, ganho: 7.5 }],
  evolucaoAnual: [{ ano: 2024, media: 30_000, n: 3, ganho: 7.5 }],
  soloVsProdutividade: [],
  porModalidade: [{ modalidade: 'Foliar', media: 40_000, n: 4, ganho: 6 }],
  vitoriasPorMarca: [{ marca: 'Aminoagro', comparacoes: 4, superacoes: 3 }],
  vitoriasPorRegional: [{ regional: 'GO', comparacoes: 4, superacoes: 3 }],
  vitoriasPorProduto: [{ produto: 'Aminoagro Raiz', comparacoes: 2, superacoes: 1 }],
};

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('[data-testid="chart-card"]') as HTMLElement;

afterEach(cleanup);

describe('OverviewCharts', () => {
  it('with several crops the cross-crop charts compare gains over the control, not yields', () => {
    render(<OverviewCharts charts={base} />);
    screen.getByRole('heading', { name: 'Ganho médio sobre a testemunha por regional (%)' });
    screen.getByRole('heading', { name: 'Evolução anual do ganho sobre a testemunha (%)' });
    screen.getByRole('heading', { name: 'Ganho sobre a testemunha por modalidade de aplicação (%)' });
    expect(screen.queryByRole('heading', { name: 'Produtividade média por regional (kg/ha)' })).toBeNull();
  });

  it('with one crop they show yields in kg/ha', () => {
    render(<OverviewCharts charts={{ ...base, produtividadePorCultura: [base.produtividadePorCultura[1]!] }} />);
    screen.getByRole('heading', { name: 'Produtividade média por regional (kg/ha)' });
    screen.getByRole('heading', { name: 'Evolução anual da produtividade (kg/ha)' });
  });

  it('"Ver dados" shows each chart as a table whose names set the filter', () => {
    const onFilter = vi.fn();
    render(<OverviewCharts charts={base} onFilter={onFilter} />);
    const crops = card('Produtividade média por cultura (kg/ha)');
    const toggle = within(crops).getByRole('button', { name: 'Ver dados' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(within(crops).getByRole('button', { name: 'Ocultar dados' }).getAttribute('aria-expanded')).toBe('true');
    const table = within(crops).getByRole('table');
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('90 t/ha');
    fireEvent.click(within(table).getByRole('button', { name: 'Soja: filtrar por Soja' }));
    expect(onFilter).toHaveBeenCalledWith('cultura', 'Soja');

    const wins = card('Taxa de vitória sobre a testemunha');
    fireEvent.click(within(wins).getByRole('button', { name: 'Produto' }));
    expect(within(wins).getByRole('button', { name: 'Produto' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(wins).getByRole('button', { name: 'Ver dados' }));
    fireEvent.click(within(wins).getByRole('button', { name: 'Aminoagro Raiz: filtrar por Aminoagro Raiz' }));
    expect(onFilter).toHaveBeenCalledWith('produto', 'Aminoagro Raiz');
    // Every chart has its table.
    expect(screen.getAllByRole('button', { name: /Ver dados|Ocultar dados/ }).length).toBe(7);
  });

  it('the win rate links to the meta-analysis under the same filters, and each product row to its own', () => {
    const filters = { regional: 'GO', cultura: 'Soja', marca: '', ano: '2024', produto: '', avaliacao: 'Altura', situacao: '' };
    render(
      <MemoryRouter>
        <OverviewCharts charts={base} metaHref={(p) => metaAnalysisHref(filters, p)} />
      </MemoryRouter>,
    );
    const wins = card('Taxa de vitória sobre a testemunha');
    const link = within(wins).getByRole('link', { name: 'Meta-análise por produto' });
    // The assessment filter is not carried: there it would choose the variable.
    expect(link.getAttribute('href')).toBe('/meta-analise?regional=GO&cultura=Soja&ano=2024');
    expect(wins.textContent).toContain('a meta-análise pesa o tamanho do ganho e a precisão de cada ensaio');
    fireEvent.click(within(wins).getByRole('button', { name: 'Produto' }));
    fireEvent.click(within(wins).getByRole('button', { name: 'Ver dados' }));
    expect(within(wins).getByRole('link', { name: 'Meta-análise de Aminoagro Raiz' }).getAttribute('href')).toBe(
      '/meta-analise?produto=Aminoagro+Raiz&regional=GO&cultura=Soja&ano=2024',
    );
  });

  it('the pie: a legend with every slice, the smallest brands as "Outras", no colour twice', () => {
    const marcas = Array.from({ length: 12 }, (_, i) => ({ marca: i === 0 ? 'Aminoagro' : `Marca ${i}`, n: 20 - i }));
    const slices = pieSlices(marcas);
    expect(slices).toHaveLength(PIE_MAX_SLICES + 1);
    expect(slices.at(-1)).toEqual({ marca: 'Outras (5 marcas)', n: 13 + 12 + 11 + 10 + 9, outras: true });
    const colors = pieColors(slices.filter((s) => !s.outras).map((s) => s.marca));
    expect(new Set(colors.values()).size).toBe(PIE_MAX_SLICES);
    expect(colors.get('Aminoagro')).toBe('#15803d');
    render(<OverviewCharts charts={{ ...base, experimentosPorMarca: marcas }} />);
    expect(within(screen.getByRole('list', { name: 'Legenda' })).getAllByRole('listitem')).toHaveLength(PIE_MAX_SLICES + 1);
  });
});
