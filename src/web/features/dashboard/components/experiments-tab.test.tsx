// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FilterValues } from '../../../lib/query-keys.js';
import { ExperimentsTab, type TableSort, nextSort } from './experiments-tab.js';

const NONE: FilterValues = { regional: '', cultura: '', marca: '', ano: '', produto: '', avaliacao: '', situacao: '', conformidade: '' };

const row = (id: number, consultoria: string, produtividade_media: number | null, situacao = 'concluido') => ({
  id,
  situacao,
  consultoria,
  regional: 'GO',
  cultura: 'Soja',
  marca: 'Aminoagro',
  produtividade_media,
  roi: 1000,
  ano: 2025,
  pdf_filename: `${id}.pdf`,
  owner: { id: 'u1', name: 'Ana' },
  tratamentos: [],
});

let urls: URL[] = [];
beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url);
      const total = url.searchParams.get('busca') ? 1 : 60;
      const experiments = url.searchParams.get('busca')
        ? [row(3, 'Gama Agro', 3250)]
        : [row(1, 'Alfa Agro', 3450), row(2, 'Beta Agro', null, 'planejado')];
      return new Response(JSON.stringify({ experiments, total }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The tab as the dashboard holds it: search and order in its state (the URL there). */
function Harness({ onView }: { onView: (id: number) => void }) {
  const [busca, setBusca] = useState('');
  const [sort, setSort] = useState<TableSort>({ ordem: 'created_at', direcao: 'desc' });
  return (
    <ExperimentsTab
      filters={{ ...NONE, cultura: 'Soja' }}
      busca={busca}
      onBusca={setBusca}
      sort={sort}
      onSort={setSort}
      detailsHref={(id) => `?experimento=${id}`}
      onView={onView}
    />
  );
}

/** Where the app went: the joint analysis button navigates. */
function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

function show() {
  const onView = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Harness onView={onView} />
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onView };
}

const last = () => urls[urls.length - 1]!.searchParams;
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('nextSort', () => {
  it('starts text ascending and numbers descending, and flips the current column', () => {
    const none: TableSort = { ordem: 'created_at', direcao: 'desc' };
    expect(nextSort(none, { key: 'consultoria', label: 'Consultoria' })).toEqual({ ordem: 'consultoria', direcao: 'asc' });
    expect(nextSort(none, { key: 'roi', label: 'ROI', numeric: true })).toEqual({ ordem: 'roi', direcao: 'desc' });
    expect(nextSort({ ordem: 'roi', direcao: 'desc' }, { key: 'roi', label: 'ROI', numeric: true })).toEqual({
      ordem: 'roi',
      direcao: 'asc',
    });
  });
});

describe('ExperimentsTab', () => {
  it('asks the server for one page under the filters, newest first, and shows the count and the rows', async () => {
    show();
    expect(await screen.findByRole('heading', { name: 'Experimentos Cadastrados (60)' })).toBeTruthy();
    screen.getByText('Mostrando 1–25 de 60');
    expect(last().get('cultura')).toBe('Soja');
    expect(last().get('ordem')).toBe('created_at');
    expect(last().get('direcao')).toBe('desc');
    expect(last().get('limit')).toBe('25');
    expect(last().get('offset')).toBe('0');
    expect(screen.getByRole('link', { name: 'Alfa Agro' }).getAttribute('href')).toBe('/?experimento=1');
    // A planned trial: its situation next to its name, its missing yield a dash (never 0).
    const beta = within(screen.getByRole('row', { name: /Beta Agro/ }));
    expect(beta.getAllByRole('cell')[4]!.textContent).toBe('—');
    expect(beta.getAllByRole('cell')[0]!.textContent).toContain('Planejado');
    // A concluded trial shows no badge.
    const alfa = within(screen.getByRole('row', { name: /Alfa Agro/ }));
    expect(alfa.getAllByRole('cell')[0]!.textContent).not.toMatch(/Planejado|Em andamento|Concluído/);
    expect(alfa.getAllByRole('cell')[4]!.textContent).toBe('3.450 kg/ha');
    for (const name of ['Consultoria', 'Regional', 'Cultura', 'Marca', 'Produtividade', 'ROI', 'Ano', 'PDF']) {
      expect(header(name).getAttribute('aria-sort'), name).toBe('none');
    }
  });

  it('sorts by a header on the server and marks it with aria-sort; a second click reverses it', async () => {
    show();
    await screen.findByRole('heading', { name: 'Experimentos Cadastrados (60)' });
    fireEvent.click(within(header('Produtividade')).getByRole('button'));
    expect(header('Produtividade').getAttribute('aria-sort')).toBe('descending');
    await vi.waitFor(() => expect(last().get('ordem')).toBe('produtividade_media'));
    expect(last().get('direcao')).toBe('desc');
    fireEvent.click(within(header('Produtividade')).getByRole('button'));
    expect(header('Produtividade').getAttribute('aria-sort')).toBe('ascending');
    await vi.waitFor(() => expect(last().get('direcao')).toBe('asc'));
    fireEvent.click(within(header('Consultoria')).getByRole('button'));
    expect(header('Consultoria').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Produtividade').getAttribute('aria-sort')).toBe('none');
  });

  it('pages on the server and goes back to the first page when the order changes', async () => {
    show();
    await screen.findByRole('heading', { name: 'Experimentos Cadastrados (60)' });
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await vi.waitFor(() => expect(last().get('offset')).toBe('25'));
    expect(await screen.findByText('Mostrando 26–50 de 60')).toBeTruthy();
    fireEvent.click(within(header('Ano')).getByRole('button'));
    await vi.waitFor(() => expect(last().get('ordem')).toBe('ano'));
    expect(last().get('offset')).toBe('0');
  });

  it('sends the search box to the server a moment after typing', async () => {
    show();
    await screen.findByRole('heading', { name: 'Experimentos Cadastrados (60)' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar experimentos' }), { target: { value: ' petrolina ' } });
    expect(last().get('busca')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Experimentos Cadastrados (1)' })).toBeTruthy();
    expect(last().get('busca')).toBe('petrolina');
    screen.getByRole('link', { name: 'Gama Agro' });
  });

  it('opens an experiment from a click anywhere on its row, its link or its eye, but not from its other buttons', async () => {
    const { onView } = show();
    const alfa = await screen.findByRole('row', { name: /Alfa Agro/ });
    fireEvent.click(within(alfa).getAllByRole('cell')[2]!);
    expect(onView).toHaveBeenLastCalledWith(1);
    fireEvent.click(within(alfa).getByRole('link', { name: 'Alfa Agro' }));
    fireEvent.click(within(alfa).getByRole('button', { name: 'Ver detalhes' }));
    expect(onView).toHaveBeenCalledTimes(3);
    // Baixar downloads the PDF (here the download fails and says so), and opens nothing.
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      fireEvent.click(within(alfa).getByRole('button', { name: 'Baixar' }));
    });
    await vi.waitFor(() => expect(alert).toHaveBeenCalled());
    expect(onView).toHaveBeenCalledTimes(3);
  });

  it('a checkbox per row selects experiments; from two on, "Análise conjunta" opens their joint analysis', async () => {
    const { onView } = show();
    const alfa = await screen.findByRole('checkbox', { name: 'Incluir o experimento nº 1 (Alfa Agro) na análise conjunta' });
    const button = () => screen.getByRole('button', { name: /^Análise conjunta/ }) as HTMLButtonElement;
    expect(button().disabled).toBe(true);
    fireEvent.click(alfa);
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('Análise conjunta (1 selecionado)');
    fireEvent.click(screen.getByRole('checkbox', { name: /nº 2 \(Beta Agro\)/ }));
    expect(button().disabled).toBe(false);
    expect(onView).not.toHaveBeenCalled();
    // The choice survives a page change.
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    await vi.waitFor(() => expect(last().get('offset')).toBe('25'));
    expect(button().textContent).toBe('Análise conjunta (2 selecionados)');
    fireEvent.click(button());
    expect(screen.getByTestId('location').textContent).toBe('/analise-conjunta?ids=1,2');
  });
});
