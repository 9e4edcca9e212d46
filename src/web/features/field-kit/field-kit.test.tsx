// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmHost } from '../../components/ui/confirm-dialog.js';
import { calcularCalda } from '../../../shared/calda.js';
import { buildAvaliacao, buildExperiment } from '../../../shared/factories.test-helper.js';
import type { Croqui, ParcelaCroqui } from '../../../shared/field-plan.js';
import { FieldKit } from './index.js';
import type { ExperimentoCampo } from './types.js';

const ID = 7;

const base = buildExperiment();
const experimento: ExperimentoCampo = {
  ...base,
  id: ID,
  cultura: 'Soja',
  situacao: 'em_andamento',
  blocos: 4,
  parcela: { comprimento_m: 5, largura_m: 3 },
  tratamentos: [
    { ...base.tratamentos[0]!, nome: 'Testemunha', produtos_aplicados: [] },
    {
      ...base.tratamentos[1]!,
      nome: 'Fungicida',
      produtos_aplicados: [
        { nome: 'Fungicida X', dose: 0.5, unidade: 'L/ha', custo: null },
        { nome: 'Inoculante', dose: 100, unidade: 'mL/100 kg de sementes', custo: null },
      ],
    },
    {
      ...base.tratamentos[1]!,
      id: 3,
      nome: 'Pó',
      produtos_aplicados: [{ nome: 'Pó molhável', dose: 2, unidade: 'kg/ha', custo: null }],
    },
  ],
  aplicacoes: [
    {
      chave: 'A1',
      data: '2026-01-10',
      estadio: 'V4',
      volume_calda_l_ha: 200,
      equipamento: 'Pulverizador costal CO2',
      temperatura_c: null,
      umidade_pct: null,
      vento_km_h: null,
      tratamentos: [],
    },
  ],
  avaliacoes: [
    { ...buildAvaliacao({ chave: 'sev', nome: 'Severidade', data: '2026-01-24', estadio: 'R1' }), daa: 14 },
    {
      ...buildAvaliacao({ chave: 'fito', nome: 'Fitotoxicidade', tipo: 'nota', unidade: '', escala_min: 1, escala_max: 9, data: null }),
      daa: null,
    },
  ],
};

/** 4 blocks × 3 treatments, serpentine; listed out of walking order on purpose. */
function croqui(): Croqui {
  const parcelas: ParcelaCroqui[] = [];
  for (let b = 4; b >= 1; b--) {
    for (let i = 3; i >= 1; i--) {
      parcelas.push({ numero: b * 100 + i, bloco: b, linha: b, coluna: b % 2 ? i : 4 - i, tratamento: (i + b) % 3, repeticao: b });
    }
  }
  return { semente: 4242, numeracao: 'serpentina', delineamento: 'DBC', blocos: 4, parcelas };
}

interface Answer {
  status: number;
  body: unknown;
}

/** Answers the API by method and path (with its query); anything else is a 404. Returns the stub. */
function serve(answers: Record<string, Answer>) {
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(url)}`;
    const a = answers[key] ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Não encontrado' } } };
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function standard(extra: Record<string, Answer> = {}) {
  const c = croqui();
  const calda = calcularCalda({
    aplicacao: experimento.aplicacoes![0]!,
    tratamentos: experimento.tratamentos,
    parcelas: c.parcelas,
    parcela: experimento.parcela!,
  });
  return serve({
    [`GET /api/experiments/${ID}`]: { status: 200, body: { experiment: experimento } },
    [`GET /api/experiments/${ID}/croqui`]: { status: 200, body: { croqui: c } },
    [`GET /api/experiments/${ID}/calda?aplicacao=A1`]: { status: 200, body: calda },
    ...extra,
  });
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FieldKit experimentId={ID} />
        <ConfirmHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FieldKit: map', () => {
  it('draws every plot with its number and treatment code, and the legend', async () => {
    standard();
    show();
    const mapa = await screen.findByRole('img', { name: /Mapa do croqui: Blocos 1–4, 12 parcelas/ });
    const plots = within(mapa).getAllByTestId('parcela-mapa');
    expect(plots).toHaveLength(12);
    const numbers = plots.map((p) => p.querySelector('text')?.textContent);
    expect(numbers.sort()).toEqual(['101', '102', '103', '201', '202', '203', '301', '302', '303', '401', '402', '403']);
    // Plot 101: (1 + 1) % 3 = treatment 2 → T3.
    const p101 = plots.find((p) => p.querySelector('text')?.textContent === '101')!;
    expect(p101.textContent).toContain('T3');
    const legenda = screen.getByRole('list', { name: 'Legenda dos tratamentos' });
    expect(
      within(legenda)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['T1Testemunha', 'T2Fungicida', 'T3Pó']);
    expect(screen.getByText(/Croqui atual/)?.textContent).toContain('semente 4242');
    expect(screen.getByRole('button', { name: 'Baixar CSV' })).toBeTruthy();
  });
});

describe('FieldKit: labels', () => {
  it('makes one label per plot, each with its QR code', async () => {
    standard();
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'Etiquetas' }));
    const labels = screen.getAllByTestId('etiqueta');
    expect(labels).toHaveLength(12);
    expect(labels[0]?.textContent).toContain('Parcela 101');
    expect(labels[0]?.textContent).toContain('T3 · Bloco 1');
    expect(within(labels[0]!).getByRole('img', { name: 'Código QR: GA:7:101' }).querySelector('path')?.getAttribute('d')).toMatch(/^M/);
    expect(screen.getByText(/Pimaco 6180/)).toBeTruthy();
  });
});

describe('FieldKit: rating sheets', () => {
  it('lists the plots in walking order under each assessment', async () => {
    standard();
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'Fichas de avaliação' }));
    const table = screen.getByRole('table', { name: 'Ficha Severidade' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      '101',
      '102',
      '103',
      '201',
      '202',
      '203',
      '301',
      '302',
      '303',
      '401',
      '402',
      '403',
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', 'T3', '']);
    const sheet = table.closest('section')!;
    // Applied on 10/01, assessed on 24/01: the server's 14 days.
    expect(sheet?.textContent).toContain('14 dias');
    expect(sheet?.textContent).toContain('24/01/2026');
    expect(sheet?.textContent).toContain('R1');
    expect(screen.getByRole('table', { name: 'Ficha Fitotoxicidade' }).closest('section')?.textContent).toContain('Nota de 1 a 9');
  });
});

describe('FieldKit: spray mix', () => {
  it('shows the amounts per treatment and why a product has none', async () => {
    standard();
    show();
    fireEvent.click(await screen.findByRole('tab', { name: 'Calda' }));
    expect((screen.getByRole('combobox', { name: 'Aplicação' }) as HTMLSelectElement).name).toBe('aplicacao');
    // 4 plots × 15 m² = 60 m²: 0,5 L/ha → 3 mL; 2 kg/ha → 12 g; 200 L/ha → 1,2 L; total 3,6 L.
    const t2 = await screen.findByRole('table', { name: 'Produtos de T2' });
    expect(within(t2).getByRole('row', { name: /Fungicida X/ })?.textContent).toContain('3 mL');
    expect(within(t2).getByRole('row', { name: /Inoculante/ })?.textContent).toContain('Dose por semente: calcule pela massa de sementes');
    expect(within(screen.getByRole('table', { name: 'Produtos de T3' })).getByRole('row', { name: /Pó molhável/ })?.textContent).toContain(
      '12 g',
    );
    expect(screen.getByTestId('calda-total')?.textContent).toContain('3,6 L');
    expect(screen.getByText(/Parcelas 103, 202, 301, 403/)?.textContent).toContain('60 m² · calda 1,2 L');
  });
});

describe('FieldKit: redrawing', () => {
  it('asks first, and draws nothing when the current layout is kept', async () => {
    const fetch = standard();
    show();
    fireEvent.click(await screen.findByText('Sortear outro croqui'));
    fireEvent.click(screen.getByRole('button', { name: 'Sortear novo croqui' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sortear um novo croqui?' });
    expect(dialog.textContent).toContain('Os valores anotados por parcela estão ligados ao croqui atual');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Manter o atual' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});

describe('FieldKit: a croqui of another design', () => {
  it('warns that it no longer matches', async () => {
    standard({
      [`GET /api/experiments/${ID}`]: { status: 200, body: { experiment: { ...experimento, blocos: 5 } } },
    });
    show();
    expect((await screen.findByText('O croqui não corresponde mais ao experimento')).parentElement?.textContent).toContain(
      'foi sorteado com 4 blocos e o experimento tem 5',
    );
  });
});

describe('FieldKit: before a croqui', () => {
  it('invites to draw one and shows the server’s refusal', async () => {
    const fetch = serve({
      [`GET /api/experiments/${ID}`]: { status: 200, body: { experiment: experimento } },
      [`POST /api/experiments/${ID}/croqui`]: {
        status: 422,
        body: { error: { code: 'VALIDATION', message: 'O delineamento Fatorial pede níveis em todos os tratamentos' } },
      },
    });
    show();
    expect(await screen.findByText('Nenhum croqui sorteado ainda')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Numeração' }), { target: { value: 'sequencial' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Semente/ }), { target: { value: '99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sortear croqui' }));
    expect((await screen.findByRole('alert')).textContent).toContain('O delineamento Fatorial pede níveis em todos os tratamentos');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ numeracao: 'sequencial', semente: 99 });
  });

  it('asks for the blocks and plot size first', async () => {
    serve({ [`GET /api/experiments/${ID}`]: { status: 200, body: { experiment: { ...experimento, blocos: null, parcela: null } } } });
    show();
    expect(await screen.findByText('Faltam dados para sortear o croqui')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sortear croqui' })).toBeNull();
  });
});
