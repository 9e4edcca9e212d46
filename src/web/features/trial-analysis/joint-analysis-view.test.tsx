// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { analiseConjunta } from '../../../shared/stats/conjunta.js';
import { cleanUpAfterEach, headers } from './analysis.test-helper.js';
import { JointAnalysisView } from './joint-analysis-view.js';

/** Three sites in blocks, one of them noisy (QMres ratio above 7). */
function answer() {
  const site = (experimentId: number, nome: string, noise: number, ys: number[][]) => ({
    experimentId,
    nome,
    design: 'DBC',
    tratamentos: ['Testemunha', 'Bio A', 'Bio B'].map((t, i) => ({
      nome: t,
      repeticoes: ys[i]!.map((y, j) => y + ((i + j) % 2 ? noise : -noise)),
    })),
  });
  const base = [
    [3000, 3100, 2950, 3050],
    [3620, 3680, 3560, 3640],
    [3300, 3420, 3280, 3400],
  ];
  return analiseConjunta([
    site(11, 'Cascavel/PR · 2024', 5, base),
    site(
      12,
      'Toledo/PR · 2024',
      8,
      base.map((r) => r.map((y) => y - 200)),
    ),
    site(13, 'Rio Verde/GO · 2024', 180, [base[1]!, base[0]!, base[2]!]),
  ]);
}

function serve(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show(ids: number[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <JointAnalysisView ids={ids} backTo="/dashboard?aba=experimentos" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

cleanUpAfterEach();

describe('JointAnalysisView', () => {
  it('posts the ids and shows the sites, the joint ANOVA, the QMR ratio warning, means with letters and win rates', async () => {
    const a = answer();
    const fetch = serve(200, a);
    show([11, 12, 13]);
    const anova = await screen.findByRole('table', { name: 'Análise de variância conjunta' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe('/api/analises/conjunta');
    expect(JSON.parse(String(init?.body))).toEqual({ experimentIds: [11, 12, 13] });
    expect(
      within(anova)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent),
    ).toEqual(['Blocos/Locais', 'Locais', 'Tratamentos', 'Tratamentos × Locais', 'Resíduo', 'Total']);
    expect(a.razao_qmr).toBeGreaterThan(7);
    expect(screen.getByText(/maior que 7/)).toBeTruthy();
    const sites = screen.getByRole('table', { name: 'Locais (3)' });
    expect(within(sites).getByRole('row', { name: /Rio Verde\/GO · 2024/ })).toBeTruthy();
    const means = screen.getByRole('table', { name: /Médias gerais/ });
    expect(within(means).getAllByRole('row')).toHaveLength(4);
    const perSite = screen.getByRole('table', { name: 'Médias por local (kg/ha)' });
    expect(within(perSite).getByRole('columnheader', { name: 'Toledo/PR · 2024' })).toBeTruthy();
    const wins = screen.getByRole('table', { name: 'Vitórias sobre a testemunha' });
    expect(within(within(wins).getByRole('row', { name: /^Bio A/ })).getAllByRole('cell')[1]!.textContent).toBe('2 de 3');
  });

  it('says calmly why the experiments cannot be analysed together, with a way back', async () => {
    serve(422, { error: { code: 'UNPROCESSABLE', message: 'Os experimentos não têm os mesmos tratamentos: …' } });
    show([1, 2]);
    expect(await screen.findByText('Não foi possível fazer a análise conjunta destes experimentos')).toBeTruthy();
    expect(screen.getByText('Os experimentos não têm os mesmos tratamentos: …')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar aos experimentos e ajustar a seleção' }).getAttribute('href')).toBe(
      '/dashboard?aba=experimentos',
    );
  });

  it('warns in pt-BR when two trials share city and year, and their columns carry distinct headings', async () => {
    const a = answer();
    a.locais[0]!.nome = 'Cascavel/PR · 2024 · Agro Norte';
    a.locais[1]!.nome = 'Cascavel/PR · 2024 · Campo Sul';
    serve(200, { ...a, locaisRepetidos: [{ local: 'Cascavel/PR · 2024', experimentIds: [11, 12] }] });
    show([11, 12, 13]);
    expect(await screen.findByText('Experimentos da mesma cidade e do mesmo ano')).toBeTruthy();
    expect(screen.getByText(/^Os experimentos nº 11 e nº 12 são da mesma cidade e do mesmo ano \(Cascavel\/PR · 2024\)/)).toBeTruthy();
    const perSite = screen.getByRole('table', { name: 'Médias por local (kg/ha)' });
    const headings = headers(perSite);
    expect(new Set(headings).size).toBe(headings.length);
    expect(headings).toContain('Cascavel/PR · 2024 · Campo Sul');
  });

  it('no such warning when every site is its own city and year', async () => {
    serve(200, { ...answer(), locaisRepetidos: [] });
    show([11, 12, 13]);
    await screen.findByRole('table', { name: 'Análise de variância conjunta' });
    expect(screen.queryByText('Experimentos da mesma cidade e do mesmo ano')).toBeNull();
  });
});
