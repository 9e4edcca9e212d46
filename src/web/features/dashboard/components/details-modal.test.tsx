// @vitest-environment happy-dom
/** The details modal: the trial's situation and its field pages (croqui always, collection only with assessments). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Experiment } from '../../../../shared/experiment.js';
import { buildExperiment } from '../../../../shared/factories.test-helper.js';
import { DetailsModal } from './details-modal.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(experiment: Experiment) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ experiment }), { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DetailsModal id={experiment.id} onClose={() => {}} analysis={() => null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const severidade = {
  chave: 'sev',
  nome: 'Severidade',
  unidade: '%',
  tipo: 'porcentagem',
  escala_min: null,
  escala_max: null,
  data: '2026-01-30',
  estadio: null,
  alvo: null,
  daa: 14,
} as const;

describe('DetailsModal', () => {
  it('a planned trial without assessments: its badge, "—" for its yield and the croqui link only', async () => {
    const base = buildExperiment();
    show(
      buildExperiment({
        id: 7,
        situacao: 'planejado',
        produtividade_media: null,
        tratamentos: base.tratamentos.map((t) => ({ ...t, produtividade: null })),
        avaliacoes: [],
      }),
    );
    const croqui = await screen.findByRole('link', { name: 'Croqui e etiquetas' });
    expect(croqui.getAttribute('href')).toBe('/experimentos/7/croqui');
    expect(screen.queryByRole('link', { name: 'Coleta em campo' })).toBeNull();
    expect(screen.getByText('Planejado')).toBeTruthy();
    expect(screen.queryByText(/^0 kg\/ha$/)).toBeNull();
  });

  it('a trial with assessments links to the collection too', async () => {
    show(buildExperiment({ id: 9, situacao: 'em_andamento', avaliacoes: [{ ...severidade }] }));
    const coleta = await screen.findByRole('link', { name: 'Coleta em campo' });
    expect(coleta.getAttribute('href')).toBe('/experimentos/9/coleta');
    expect(screen.getByRole('link', { name: 'Croqui e etiquetas' }).getAttribute('href')).toBe('/experimentos/9/croqui');
    expect(screen.getByText('Em andamento')).toBeTruthy();
    expect(screen.getByText('Severidade (%) · 30/01/2026, 14 DAA')).toBeTruthy();
  });
});
