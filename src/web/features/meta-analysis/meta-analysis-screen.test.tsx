// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatPercent } from '../../../shared/format.js';
import { type MetaAnaliseResponse, pontoDeEquilibrio, probRetorno } from '../../../shared/meta-analise.js';
import { redeDeEnsaios } from '../../../shared/conformidade-regras.js';
import { metaAnalise } from '../../../shared/stats/meta-analise.js';
import { metaCsv } from './csv.js';
import { ForestPlot } from './forest-plot.js';
import { MetaAnalysisScreen } from './meta-analysis-screen.js';

const TRIALS = [
  { id: 11, local: 'Cascavel/PR · 2024 · Rede Sul', efeito: 260, dp: 80, regional: 'PR SC PY', ano: 2024 },
  { id: 12, local: 'Rio Verde/GO · 2024 · Cerrado Consultoria', efeito: 140, dp: 95, regional: 'GO', ano: 2024 },
  { id: 13, local: 'Jataí/GO · 2025 · Cerrado Consultoria', efeito: 380, dp: 60, regional: 'GO', ano: 2025 },
];

/** What POST /api/analises/meta answers for three soybean trials of "Bio X", without prices. */
function answer(escala: 'diferenca' | 'razao' = 'diferenca'): MetaAnaliseResponse {
  const ys = TRIALS.map((t) => (escala === 'razao' ? Math.log1p(t.efeito / 3500) : t.efeito));
  const vs = TRIALS.map((t) => (escala === 'razao' ? (t.dp / 3500) ** 2 : t.dp ** 2));
  const m = metaAnalise(ys, vs);
  const { pesos, ...rest } = m;
  return {
    ...rest,
    prob_retorno: null,
    rede: redeDeEnsaios(TRIALS.map((t) => ({ cidade: t.local.split('/')[0]!, estado: 'GO', ano: t.ano }))),
    estudos: TRIALS.map((t, i) => ({
      experimentId: t.id,
      efeito: ys[i]!,
      variancia: vs[i]!,
      peso: pesos[i]!,
      tratamento: 'Bio X 0,5 L/ha',
      testemunha: 'Testemunha',
      mediaTratamento: 3500 + t.efeito,
      mediaTestemunha: 3500,
      repeticoes: 4,
      cv: 4.2,
      local: t.local,
      regional: t.regional,
      cultura: 'Soja',
      ano: t.ano,
      solo: 'Argiloso',
      outrosTratamentos: [],
    })),
    produto: 'Bio X',
    escala,
    variavel: { nome: 'Produtividade', unidade: 'kg/ha' },
    equilibrio: null,
    sugestoes: escala === 'diferenca' ? { preco_saca: 120, custo_ha: 300 } : { preco_saca: null, custo_ha: null },
    excluidos: [{ experimentId: 14, local: 'Sorriso/MT · 2024 · Norte', motivo: 'Ainda sem produtividade (ensaio não colhido).' }],
    subgrupos: [
      { por: 'regional', grupo: 'GO', k: 2, estimativa: 290, ep: 70, ic95: [150, 430], tau2: 900, prob_retorno: null },
      { por: 'regional', grupo: 'PR SC PY', k: 1, estimativa: 260, ep: 80, ic95: [103, 417], tau2: null, prob_retorno: null },
      { por: 'cultura', grupo: 'Soja', k: 3, estimativa: m.estimativa, ep: m.ep, ic95: m.ic95, tau2: m.tau2, prob_retorno: null },
    ],
    avisos: [],
  };
}

/** Answers each read by its path; returns the stub to read the calls. */
function serve(meta: { status: number; body: unknown }) {
  const fetch = vi.fn(async (url: RequestInfo | URL, _init?: RequestInit) => {
    const path = new URL(String(url), 'http://localhost').pathname;
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === '/api/analises/meta') return json(meta.status, meta.body);
    if (path === '/api/dashboard') return json(200, { produtos: ['Bio X', 'Bio Y'] });
    if (path === '/api/lookups/avaliacoes') return json(200, { avaliacoes: ['Altura de plantas'] });
    if (path === '/api/lookups/regioes') return json(200, { regioes: [{ nome: 'GO' }, { nome: 'PR SC PY' }] });
    if (path === '/api/lookups/culturas') return json(200, { culturas: ['Soja', 'Milho'] });
    if (path === '/api/lookups/marcas') return json(200, { marcas: ['Aminoagro'] });
    return json(404, { error: { code: 'NOT_FOUND', message: 'Não encontrado' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const metaCalls = (fetch: ReturnType<typeof serve>) => fetch.mock.calls.filter(([url]) => String(url).includes('/api/analises/meta'));

function show(url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <MetaAnalysisScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const expected = (r: MetaAnaliseResponse, preco: number, custo: number) =>
  `Probabilidade de se pagar em um novo ensaio: ${formatPercent(probRetorno(r, pontoDeEquilibrio(preco, custo))!, 0)}`;

describe('MetaAnalysisScreen', () => {
  it('draws the forest plot, the summary and the economics, and a new bag price moves the probability without a refetch', async () => {
    const r = answer();
    const fetch = serve({ status: 200, body: r });
    show('/meta-analise?produto=Bio+X&cultura=Soja');

    const plot = await screen.findByTestId('forest-plot');
    expect(within(plot).getAllByTestId('forest-row')).toHaveLength(3);
    const link = within(plot).getByRole('link', { name: /^Jataí\/GO · 2025/ });
    expect(link.getAttribute('href')).toBe('/experimentos/13/relatorio');
    expect(within(plot).getByTestId('forest-pooled').textContent).toContain('Efeito combinado (3 ensaios)');

    // The request: the product, the filters, no prices.
    const body = JSON.parse(String(metaCalls(fetch)[0]![1]!.body));
    expect(body).toEqual({ produto: 'Bio X', avaliacao: null, escala: 'diferenca', filtros: { cultura: 'Soja' } });

    expect(screen.getByTestId('meta-predicao').textContent).toMatch(
      /^Em um novo ensaio, o ganho deve ficar entre -?[\d.]+ a [\d.]+ kg\/ha \(95%\)\.$/,
    );
    // Prices prefilled from the suggestions: 300 R$/ha ÷ 120 R$/sc × 60 kg = 150 kg/ha.
    expect((screen.getByRole('textbox', { name: 'Preço da saca (R$)' }) as HTMLInputElement).value).toBe('120,00');
    expect(screen.getByTestId('meta-equilibrio').textContent).toBe('O produto se paga com ganho de 150 kg/ha (2,5 sc/ha).');
    const before = screen.getByTestId('meta-probabilidade').textContent;
    expect(before).toBe(expected(r, 120, 300));

    const calls = metaCalls(fetch).length;
    fireEvent.change(screen.getByRole('textbox', { name: 'Preço da saca (R$)' }), { target: { value: '60' } });
    expect(screen.getByTestId('meta-equilibrio').textContent).toBe('O produto se paga com ganho de 300 kg/ha (5 sc/ha).');
    const after = screen.getByTestId('meta-probabilidade').textContent;
    expect(after).toBe(expected(r, 60, 300));
    expect(after).not.toBe(before);
    expect(metaCalls(fetch)).toHaveLength(calls);
    // The break-even is drawn on the plot too.
    expect(screen.getByTestId('forest-break-even')).toBeTruthy();

    // Subgroups with more than one group get a table; the trial left out is listed with its reason.
    expect(screen.getByRole('table', { name: 'Regional' }).textContent).toContain('PR SC PY');
    expect(screen.getByText(/um só grupo de cultura: Soja/)).toBeTruthy();
    expect(screen.getByRole('table', { name: /Ensaios deixados de fora \(1\)/ }).textContent).toContain('Ainda sem produtividade');
    expect(screen.getByText(/A taxa de vitória conta em quantos ensaios o produto superou a testemunha/)).toBeTruthy();
  });

  it('another product keeps the bag price typed and takes its own cost', async () => {
    const r = answer();
    serve({ status: 200, body: r });
    show('/meta-analise?produto=Bio+X');
    const preco = await screen.findByRole('textbox', { name: 'Preço da saca (R$)' });
    fireEvent.change(preco, { target: { value: '150' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Custo do produto (R$/ha)' }), { target: { value: '600' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Produto' }), { target: { value: 'Bio Y' } });
    await screen.findByTestId('forest-plot');
    expect((screen.getByRole('textbox', { name: 'Preço da saca (R$)' }) as HTMLInputElement).value).toBe('150,00');
    // Bio Y's suggested cost (the stub answers 300 R$/ha for every product), not the 600 typed for Bio X.
    expect((screen.getByRole('textbox', { name: 'Custo do produto (R$/ha)' }) as HTMLInputElement).value).toBe('300,00');
  });

  it('shows a 422 message in an alert and keeps the controls', async () => {
    const message = 'A meta-análise precisa de pelo menos 2 ensaios com o produto "Bio Y" e uma testemunha: há 1.';
    serve({ status: 422, body: { error: { code: 'UNPROCESSABLE', message } } });
    show('/meta-analise?produto=Bio+Y');
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Produto' })).toBeTruthy();
    expect(screen.queryByTestId('forest-plot')).toBeNull();
  });

  it('on the ratio scale shows % over the control and says why there are no economics', async () => {
    serve({ status: 200, body: answer('razao') });
    show('/meta-analise?produto=Bio+X&escala=razao');
    const plot = await screen.findByTestId('forest-plot');
    expect(plot.textContent).toContain('Ganho sobre a testemunha (%)');
    expect(screen.getByTestId('meta-economia').textContent).toMatch(/na escala relativa \(razão\)/);
    expect(screen.queryByRole('textbox', { name: 'Preço da saca (R$)' })).toBeNull();
    expect(screen.queryByTestId('forest-break-even')).toBeNull();
  });
});

describe('ForestPlot and the CSV', () => {
  it('wide: names, plot and numbers side by side; axis ticks in pt-BR', () => {
    render(
      <MemoryRouter>
        <ForestPlot r={answer()} equilibrio={null} />
      </MemoryRouter>,
    );
    const plot = screen.getByTestId('forest-plot');
    expect(within(plot).getAllByRole('link')).toHaveLength(3);
    expect(plot.textContent).toContain('Ganho (IC 95%)');
    // Thousands with a dot, never a comma.
    const texts = [...plot.querySelectorAll('text')].map((t) => t.textContent ?? '');
    expect(texts.some((t) => /^\d{1,3}(\.\d{3})*$/.test(t))).toBe(true);
  });

  it('narrow (a phone): each name on its own line above its interval, whole, and every link kept', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 340 } as DOMRect);
    render(
      <MemoryRouter>
        <ForestPlot r={answer()} equilibrio={null} />
      </MemoryRouter>,
    );
    const plot = screen.getByTestId('forest-plot');
    expect(plot.getAttribute('viewBox')).toMatch(/^0 0 340 /);
    expect(plot.textContent).not.toContain('Ganho (IC 95%)');
    const rows = within(plot).getAllByTestId('forest-row');
    expect(rows).toHaveLength(3);
    for (const [i, row] of rows.entries()) {
      const label = row.querySelector('a text')!;
      const line = row.querySelector('line')!;
      expect(label.textContent).toBe(TRIALS[i]!.local);
      expect(Number(label.getAttribute('y'))).toBeLessThan(Number(line.getAttribute('y1')) - 8);
    }
    vi.restoreAllMocks();
  });

  it('writes the effects with semicolons, decimal commas and a BOM', () => {
    const csv = metaCsv(answer());
    expect(csv.startsWith('\uFEFFExperimento;Local;')).toBe(true);
    const [, first] = csv.split('\r\n');
    expect(first).toMatch(
      /^11;Cascavel\/PR · 2024 · Rede Sul;PR SC PY;Soja;2024;Argiloso;Bio X 0,5 L\/ha;Testemunha;3760;3500;260;6400;80;/,
    );
  });
});
