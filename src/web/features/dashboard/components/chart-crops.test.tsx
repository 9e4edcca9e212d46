// @vitest-environment happy-dom
/** No chart puts several crops' yields on one scale without saying so. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CorrelationDataset, CorrelationExact } from '../../../../shared/dashboard.js';
import { filtersFromParams } from '../api/reads.js';
import CorrelationExplorer from './correlation-explorer.js';
import { YEAR_AXIS_DOMAIN } from './overview-charts.js';
import { SoilScatter } from './soil-scatter.js';

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NO_FILTERS = filtersFromParams(new URLSearchParams());

/** The explorer as the dashboard mounts it: in a router and a query client. */
function renderExplorer(data: CorrelationDataset): void {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree: ReactElement = (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CorrelationExplorer data={data} filters={NO_FILTERS} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  render(tree);
}

const soy = (argila: number, produtividade: number) => ({ argila, mo: 3, produtividade, cultura: 'Soja' });

describe('clay × yield scatter', () => {
  it('draws one crop at a time, the most common first, and another on request', () => {
    const { container } = render(
      <SoilScatter
        points={[soy(20, 3500), soy(40, 3800), soy(60, 4100), { argila: 30, mo: 2, produtividade: 90_000, cultura: 'Cana-de-açúcar' }]}
        height={250}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Cultura' }) as HTMLSelectElement;
    expect(select.value).toBe('Soja');
    expect(container.querySelectorAll('circle')).toHaveLength(3);
    // The yield axis is soy's: its top tick is nowhere near cane's 90 t/ha.
    const ticks = [...container.querySelectorAll('text')].map((t) => t.textContent ?? '');
    expect(ticks).not.toContain('90.000');
    fireEvent.change(select, { target: { value: 'Cana-de-açúcar' } });
    expect(container.querySelectorAll('circle')).toHaveLength(1);
  });

  it('with one crop, no picker', () => {
    const { container } = render(<SoilScatter points={[soy(20, 3500), soy(40, 3800)]} height={250} />);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(container.querySelectorAll('circle')).toHaveLength(2);
  });
});

describe('yearly line', () => {
  it('its value axis holds 0, so 7,2 % to 9 % is not drawn as a cliff', () => {
    const [low, high] = YEAR_AXIS_DOMAIN as [(v: number) => number, (v: number) => number];
    expect(low(7.2)).toBe(0);
    expect(high(9.1)).toBe(9.1);
    expect(low(-3)).toBe(-3);
    expect(low(3450)).toBe(0);
  });
});

/** Five soy trials whose yield rises with ROI, and two cane trials far above them. */
function dataset(): CorrelationDataset {
  const crops = ['Soja', 'Soja', 'Soja', 'Soja', 'Soja', 'Cana-de-açúcar', 'Cana-de-açúcar'];
  return {
    amostra: null,
    experimentos: {
      id: crops.map((_, i) => i + 1),
      consultoria: crops.map(() => 'Alfa'),
      cidade: crops.map(() => 'Cascavel'),
      produtividade_media: [3000, 3200, 3400, 3600, 3800, 90_000, 80_000],
      roi: [100, 200, 300, 400, 500, 110, 480],
      custo_protocolo: crops.map(() => 50),
      teor_argila: crops.map(() => 30),
      teor_materia_organica: crops.map(() => 3),
      ano: crops.map(() => 2024),
      cultura: crops,
      marca: crops.map(() => 'A'),
      regional: crops.map(() => 'Sul'),
      bu: crops.map(() => 'BU1'),
      estado: crops.map(() => 'PR'),
    },
    tratamentos: { experimento: [], produtividade: [], custo: [], modalidade: [] },
    avaliacoes: { variaveis: [], tratamento: [], variavel: [], valor: [] },
  };
}

describe('correlation explorer', () => {
  it('computes Pearson over the most common crop by default, over every crop only on request and with a note', () => {
    renderExplorer(dataset());
    const select = screen.getByRole('combobox', { name: 'Cultura' }) as HTMLSelectElement;
    expect(select.value).toBe('Soja');
    screen.getByText('5 pontos de dados');
    // Soy alone: yield and ROI rise together exactly.
    screen.getByText('1,000');
    expect(screen.queryByText(/Várias culturas juntas/)).toBeNull();

    fireEvent.change(select, { target: { value: '' } });
    screen.getByText('7 pontos de dados');
    expect(screen.queryByText('1,000')).toBeNull();
    screen.getByText(/Várias culturas juntas/);
  });

  it('offers the assessments under "Avaliações" and plots the treatments that have one', () => {
    const base = dataset();
    // Three soy treatments of experiments 1 and 2; the second has no severity.
    const data: CorrelationDataset = {
      ...base,
      tratamentos: {
        experimento: [0, 0, 1],
        produtividade: [3000, 3400, 3900],
        custo: [0, 10, 20],
        modalidade: ['Foliar', 'Foliar', 'Solo'],
      },
      avaliacoes: { variaveis: [{ nome: 'Severidade', unidade: '%' }], tratamento: [0, 2], variavel: [0, 0], valor: [40, 10] },
    };
    renderExplorer(data);
    const x = screen.getByRole('combobox', { name: 'Variável do eixo X' }) as HTMLSelectElement;
    const y = screen.getByRole('combobox', { name: 'Variável do eixo Y' }) as HTMLSelectElement;
    const group = x.querySelector('optgroup[label="Avaliações"]');
    const option = group?.querySelector('option');
    expect(option?.textContent).toBe('Severidade (%)');
    fireEvent.change(x, { target: { value: option?.value } });
    fireEvent.change(y, { target: { value: 'tratamento_produtividade' } });
    expect(x.value).toBe(option?.value);
    screen.getByText('2 pontos de dados');
    screen.getByText(/Cada ponto é um tratamento avaliado em Severidade \(%\)/);
    // Two points on a falling line.
    screen.getByText('-1,000');
  });

  it('on a sample, asks the server for r, p and the line over every experiment of the pair and crop shown', async () => {
    const asked: URL[] = [];
    const exact: CorrelationExact = { n: 412_345, r: 0.4213, p: 0.0000001, inclinacao: 1.25, intercepto: 3400 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) => {
        asked.push(new URL(String(url), 'http://localhost'));
        return new Response(JSON.stringify(exact), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderExplorer({ ...dataset(), amostra: { experimentos: 7, total: 1_000_000 } });
    screen.getByText(/Amostra de 7 dos 1\.000\.000 experimentos/);
    const box = await screen.findByText('r = 0,421');
    expect(box.closest('[data-testid="exact-box"]')?.textContent).toContain('n = 412.345 · p < 0,001');
    screen.getByText('y = 1,25·x + 3.400');
    const last = asked.at(-1)!;
    expect(last.pathname).toBe('/api/dashboard/correlacao/exata');
    expect([last.searchParams.get('x'), last.searchParams.get('y'), last.searchParams.get('culturaPontos')]).toEqual([
      'produtividade_media',
      'roi',
      'Soja',
    ]);
  });
});
