// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/stub-api.js';
import { FILTER_KEYS } from '../../../../shared/filters.js';
import type { FilterValues } from '../../../lib/query-keys.js';
import { FilterPanel } from './filter-panel.js';

const LOOKUPS: Record<string, unknown> = {
  '/api/lookups/regioes': {
    regioes: [
      { nome: 'GO', sigla: 'GO' },
      { nome: 'Nordeste', sigla: 'NE' },
    ],
  },
  '/api/lookups/culturas': { culturas: ['Milho', 'Soja'] },
  '/api/lookups/marcas': { marcas: ['Aminoagro', 'Maximus'] },
  '/api/lookups/avaliacoes': { avaliacoes: ['Altura de plantas', 'Severidade'] },
};

const NONE: FilterValues = { regional: '', cultura: '', marca: '', ano: '', produto: '', avaliacao: '', situacao: '', conformidade: '' };

/** The panel as the dashboard uses it: the values live above it and every change is reported. */
function Dashboard({ initial = NONE, onChange }: { initial?: FilterValues; onChange: (key: keyof FilterValues, value: string) => void }) {
  const [values, setValues] = useState(initial);
  return (
    <FilterPanel
      values={values}
      produtos={['Aminoagro Raiz', 'Maximus Algas']}
      onChange={(key, value) => {
        onChange(key, value);
        setValues((v) => ({ ...v, [key]: value }));
      }}
      onClear={() => setValues(Object.fromEntries(FILTER_KEYS.map((k) => [k, ''])) as FilterValues)}
    />
  );
}

function show(initial?: FilterValues) {
  const onChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Dashboard onChange={onChange} {...(initial ? { initial } : {})} />
    </QueryClientProvider>,
  );
  return { onChange };
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const optionsOf = (label: string) =>
  within(select(label))
    .getAllByRole('option')
    .map((o) => o.textContent);
const choose = (label: string, value: string) => fireEvent.change(select(label), { target: { value } });

stubApi(LOOKUPS);

describe('FilterPanel', () => {
  it('reads "Carregando..." while the lists load, then offers the lookups', async () => {
    show();
    expect(optionsOf('Regional')[0]).toBe('Carregando...');
    expect(await screen.findByRole('option', { name: 'Nordeste' })).toBeTruthy();
    expect(optionsOf('Regional')).toEqual(['Todas as regionais', 'GO', 'Nordeste']);
    expect(optionsOf('Cultura')).toEqual(['Todas as culturas', 'Milho', 'Soja']);
    expect(optionsOf('Marca')).toEqual(['Todas as marcas', 'Aminoagro', 'Maximus']);
    expect(optionsOf('Ano')).toEqual([
      'Todos os anos',
      '2020',
      '2021',
      '2022',
      '2023',
      '2024',
      '2025',
      '2026',
      '2027',
      '2028',
      '2029',
      '2030',
    ]);
    expect(optionsOf('Produto')).toEqual(['Todos os produtos', 'Aminoagro Raiz', 'Maximus Algas']);
    expect(await screen.findByRole('option', { name: 'Severidade' })).toBeTruthy();
    expect(optionsOf('Avaliação')).toEqual(['Todas', 'Altura de plantas', 'Severidade']);
  });

  it('"Avaliação" is a native select named avaliacao that reports the chosen name', async () => {
    const { onChange } = show();
    await screen.findByRole('option', { name: 'Severidade' });
    expect(select('Avaliação').tagName).toBe('SELECT');
    expect(select('Avaliação').name).toBe('avaliacao');
    choose('Avaliação', 'Severidade');
    expect(onChange).toHaveBeenLastCalledWith('avaliacao', 'Severidade');
    expect(select('Avaliação').value).toBe('Severidade');
    screen.getByRole('button', { name: 'Limpar Filtros' });
  });

  it('reports each choice and shows it selected; "Limpar Filtros" appears only once a filter is set', async () => {
    const { onChange } = show();
    await screen.findByRole('option', { name: 'Soja' });
    expect(screen.queryByRole('button', { name: 'Limpar Filtros' })).toBeNull();

    choose('Cultura', 'Soja');
    choose('Ano', '2025');
    choose('Produto', 'Maximus Algas');
    expect(onChange.mock.calls).toEqual([
      ['cultura', 'Soja'],
      ['ano', '2025'],
      ['produto', 'Maximus Algas'],
    ]);
    expect(select('Cultura').value).toBe('Soja');
    expect(select('Ano').value).toBe('2025');
    screen.getByRole('button', { name: 'Limpar Filtros' });

    choose('Cultura', '');
    expect(onChange).toHaveBeenLastCalledWith('cultura', '');
    screen.getByRole('button', { name: 'Limpar Filtros' });
  });

  it('"Limpar Filtros" clears every filter and then hides itself', async () => {
    show({
      regional: 'GO',
      cultura: 'Milho',
      marca: 'Maximus',
      ano: '2024',
      produto: 'Maximus Algas',
      avaliacao: 'Severidade',
      situacao: '',
      conformidade: 'atende',
    });
    await screen.findByRole('option', { name: 'Nordeste' });
    fireEvent.click(screen.getByRole('button', { name: 'Limpar Filtros' }));
    for (const label of ['Regional', 'Cultura', 'Marca', 'Ano', 'Produto', 'Avaliação', 'Conformidade (IN 53/2013)'])
      expect(select(label).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Limpar Filtros' })).toBeNull();
  });

  it('keeps a value from a shared link that the lists no longer offer', async () => {
    show({ ...NONE, marca: 'Marca Antiga' });
    await screen.findByRole('option', { name: 'Maximus' });
    expect(optionsOf('Marca')).toEqual(['Todas as marcas', 'Aminoagro', 'Maximus', 'Marca Antiga']);
    expect(select('Marca').value).toBe('Marca Antiga');
  });
});

describe('FilterPanel below 640 px', () => {
  /** Every media query matches, as the phone query (max-width: 639.98px) does on a phone. */
  const phone = () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
  };
  afterEach(() => vi.restoreAllMocks());

  it('collapses into a "Filtros (N)" button, N the filters set, opening a sheet with the same native selects', async () => {
    phone();
    const { onChange } = show({ ...NONE, cultura: 'Soja', ano: '2025', avaliacao: 'Severidade', situacao: '' });
    const toggle = screen.getByRole('button', { name: 'Filtros (3)' });
    expect(screen.queryByLabelText('Regional')).toBeNull();
    expect(screen.getByTestId('filtros-ativos').textContent).toBe('Soja · 2025 · Severidade');

    fireEvent.click(toggle);
    const sheet = screen.getByRole('dialog', { name: 'Filtros' });
    await within(sheet).findByRole('option', { name: 'Nordeste' });
    for (const name of FILTER_KEYS) {
      const control = sheet.querySelector(`select[name="${name}"]`);
      expect(control?.tagName, name).toBe('SELECT');
    }
    choose('Marca', 'Maximus');
    expect(onChange).toHaveBeenLastCalledWith('marca', 'Maximus');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Ver resultados' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    screen.getByRole('button', { name: 'Filtros (4)' });
  });

  it('offers "Limpar Filtros" once, beside the button or inside the open sheet', () => {
    phone();
    show({ ...NONE, regional: 'GO' });
    expect(screen.getAllByRole('button', { name: 'Limpar Filtros' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Filtros (1)' }));
    expect(screen.getAllByRole('button', { name: 'Limpar Filtros' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Limpar Filtros' }));
    screen.getByRole('button', { name: 'Filtros (0)' });
  });
});
