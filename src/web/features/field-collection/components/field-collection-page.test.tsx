// @vitest-environment happy-dom
/** The collection page: field order, labels, pt-BR decimals, progress, refused values, conflicts, offline, no layout. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tratamento } from '../../../../shared/experiment.js';
import type { Croqui } from '../../../../shared/field-plan.js';
import { buildAvaliacao, buildExperiment } from '../../../../shared/factories.test-helper.js';
import { offline } from '../../../lib/offline.js';
import { stubApi } from '../../../test/stub-api.js';
import { createColetaStore, memoryColetaStorage, valorKey } from '../coleta-store.js';
import type { ColetaSyncResult } from '../coleta-sync.js';
import { FieldCollectionPage } from './field-collection-page.js';

const base = buildExperiment({ id: 7 });
const treatment = (i: number, nome: string, sev: Array<number | null>): Tratamento => ({
  ...(base.tratamentos[0] as Tratamento),
  id: i + 1,
  nome,
  observacoes: { severidade: sev },
});
const experiment = buildExperiment({
  id: 7,
  avaliacoes: [
    { ...buildAvaliacao({ chave: 'severidade', nome: 'Severidade', data: '2026-01-14' }), daa: null },
    { ...buildAvaliacao({ chave: 'altura', nome: 'Altura', unidade: 'cm', tipo: 'medida', data: '2026-02-01' }), daa: null },
  ],
  tratamentos: [treatment(0, 'Testemunha', [10, null]), treatment(1, 'Fungicida X', [null, 12.5])],
});
// Given out of order: the page walks them by number.
const croqui: Croqui = {
  semente: 1,
  numeracao: 'serpentina',
  delineamento: 'DBC',
  blocos: 2,
  parcelas: [
    { numero: 202, bloco: 2, linha: 2, coluna: 1, tratamento: 1, repeticao: 2 },
    { numero: 101, bloco: 1, linha: 1, coluna: 1, tratamento: 0, repeticao: 1 },
    { numero: 201, bloco: 2, linha: 2, coluna: 2, tratamento: 0, repeticao: 2 },
    { numero: 102, bloco: 1, linha: 1, coluna: 2, tratamento: 1, repeticao: 1 },
  ],
};

stubApi({ '/api/experiments/7': { experiment }, '/api/experiments/7/croqui': { croqui } });
afterEach(() => {
  offline.reportResponse(new Headers());
  localStorage.clear();
});

const done: ColetaSyncResult = { gravados: 0, conflitos: [], experimentos: [], erro: null, stop: null };

function renderPage(id = 7, store = createColetaStore(memoryColetaStorage())) {
  const sync = { sendNow: vi.fn(async () => done) };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FieldCollectionPage experimentId={id} userId="u1" store={store} sync={sync} sendDelayMs={10_000} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { store, sync };
}

const plotInputs = () => screen.getAllByRole('textbox').filter((el) => el.getAttribute('name')?.startsWith('parcela-'));

describe('FieldCollectionPage', () => {
  it('lists every plot in walking order, each input labelled "Parcela <numero>"', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Lista' }));
    const labels = plotInputs().map((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '');
    expect(labels).toEqual([
      'Parcela 101 — T1 Testemunha',
      'Parcela 102 — T2 Fungicida X',
      'Parcela 201 — T1 Testemunha',
      'Parcela 202 — T2 Fungicida X',
    ]);
    for (const label of labels) expect(label.startsWith('Parcela ')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Parcela 202 — T2 Fungicida X' })).toHaveProperty('value', '12,5');
  });

  it('remembers the mode chosen on this device', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Lista' }));
    cleanup();
    renderPage();
    expect(await screen.findByRole('button', { name: 'Lista', pressed: true })).toBeTruthy();
    expect(plotInputs()).toHaveLength(4);
  });

  it('walks one plot at a time: Próxima, Anterior and Enter', async () => {
    renderPage();
    expect(await screen.findByText('Parcela 101')).toBeTruthy();
    expect(screen.getByText('Bloco 1 · T1 Testemunha')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    expect(screen.getByText('Parcela 102')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('textbox', { name: /^Parcela 102/ }), { key: 'Enter' });
    expect(screen.getByText('Parcela 201')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByText('Parcela 102')).toBeTruthy();
  });

  it('names each assessment with its date and shows the progress of the chosen one', async () => {
    renderPage();
    const select = await screen.findByRole('combobox', { name: 'Avaliação' });
    expect(select.getAttribute('name')).toBe('avaliacao');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Severidade · 14/01/2026', 'Altura · 01/02/2026']);
    expect(screen.getByText('2 de 4')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Parcelas com valor' }).getAttribute('aria-valuenow')).toBe('2');
    fireEvent.change(select, { target: { value: 'altura' } });
    expect(screen.getByText('0 de 4')).toBeTruthy();
  });

  it('keeps a value typed in pt-BR ("12,5") on the device with the value shown before', async () => {
    const { store } = renderPage();
    const input = await screen.findByRole('textbox', { name: /^Parcela 101/ });
    expect((input as HTMLInputElement).value).toBe('10');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12,5' } });
    await waitFor(async () => expect(await store.list()).toHaveLength(1));
    expect((await store.list())[0]).toMatchObject({ numero: 101, valor: 12.5, anterior: 10, status: 'pendente' });
    expect(await screen.findByText('1 valor a enviar')).toBeTruthy();
    expect(screen.getByText('2 de 4')).toBeTruthy();
  });

  it('refuses a value the assessment does not allow, with its message, and keeps nothing', async () => {
    const { store } = renderPage();
    const input = await screen.findByRole('textbox', { name: /^Parcela 101/ });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '150' } });
    expect(await screen.findByText('150 não é uma porcentagem válida: use de 0 a 100')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // Enter does not walk on past a refused value.
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByText('Parcela 101')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.blur(input);
    expect(await screen.findByText('Informe um número válido')).toBeTruthy();
    expect(await store.list()).toEqual([]);
  });

  it('jumps to a plot typed in "Ir para parcela"', async () => {
    renderPage();
    const ir = await screen.findByRole('textbox', { name: 'Ir para parcela' });
    fireEvent.change(ir, { target: { value: '201' } });
    expect(screen.getByText('Parcela 201')).toBeTruthy();
    fireEvent.change(ir, { target: { value: '999' } });
    fireEvent.keyDown(ir, { key: 'Enter' });
    expect(screen.getByText('Parcela 999 não está no croqui')).toBeTruthy();
    // No camera reader in this browser: no "Ler QR".
    expect(screen.queryByRole('button', { name: 'Ler QR' })).toBeNull();
  });

  it('shows a conflict with both values and lets the user keep the server one or use theirs', async () => {
    const store = createColetaStore(memoryColetaStorage());
    await store.edit({ userId: 'u1', experimentId: 7, avaliacao: 'severidade', numero: 101, valor: 13, mostrado: 10 });
    const lote = await store.nextBatch('u1', 7, 'severidade');
    await store.acknowledge(lote!, { gravados: 0, conflitos: [{ numero: 101, valor_servidor: 12.5, valor_enviado: 13 }], version: 2 });
    await store.edit({ userId: 'u1', experimentId: 7, avaliacao: 'severidade', numero: 201, valor: 3, mostrado: null });
    const lote2 = await store.nextBatch('u1', 7, 'severidade');
    await store.acknowledge(lote2!, { gravados: 0, conflitos: [{ numero: 201, valor_servidor: 4, valor_enviado: 3 }], version: 2 });
    const { sync } = renderPage(7, store);

    expect(await screen.findByText('No servidor: 12,5 · Neste aparelho: 13')).toBeTruthy();
    expect(screen.getByText('No servidor: 4 · Neste aparelho: 3')).toBeTruthy();
    const first = screen.getByText('Parcela 101', { selector: 'li p' }).closest('li')!;
    fireEvent.click(within(first).getByRole('button', { name: 'Manter o do servidor' }));
    await waitFor(() => expect(screen.queryByText('No servidor: 12,5 · Neste aparelho: 13')).toBeNull());
    expect(await store.list()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Usar o meu' }));
    await waitFor(() => expect(sync.sendNow).toHaveBeenCalled());
    expect((await store.list())[0]).toMatchObject({ numero: 201, valor: 3, anterior: 4, status: 'pendente' });
  });

  it('says how many values are kept on the device while offline', async () => {
    const store = createColetaStore(memoryColetaStorage());
    await store.edit({ userId: 'u1', experimentId: 7, avaliacao: 'severidade', numero: 102, valor: 2, mostrado: null });
    renderPage(7, store);
    await screen.findByText('Parcela 101');
    act(() => offline.reportNetworkError());
    expect(await screen.findByText('Sem conexão: 1 valor guardado neste aparelho')).toBeTruthy();
  });

  it('"Enviar agora" sends and then reads the experiment again, so the report shows the values', async () => {
    const store = createColetaStore(memoryColetaStorage());
    await store.edit({ userId: 'u1', experimentId: 7, avaliacao: 'severidade', numero: 102, valor: 2, mostrado: null });
    const { sync } = renderPage(7, store);
    sync.sendNow.mockResolvedValue({ ...done, gravados: 1, experimentos: [7] });
    await screen.findByText('Parcela 101');
    const reads = () => vi.mocked(fetch).mock.calls.filter(([url]) => String(url) === '/api/experiments/7').length;
    const before = reads();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar agora' }));
    await waitFor(() => expect(sync.sendNow).toHaveBeenCalled());
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it('offers "Ler QR" where the browser reads barcodes', async () => {
    vi.stubGlobal('BarcodeDetector', class {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { mediaDevices: { getUserMedia: vi.fn() } }));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Ler QR' })).toBeTruthy();
  });

  it('says there is no layout yet and links to drawing it', async () => {
    vi.mocked(fetch).mockImplementation(async (url) =>
      String(url).endsWith('/croqui')
        ? new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'O croqui ainda não foi desenhado' } }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          })
        : new Response(JSON.stringify({ experiment }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    renderPage();
    expect(await screen.findByText('O croqui ainda não foi desenhado')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Desenhar o croqui do experimento' }).getAttribute('href')).toBe('/experimentos/7/croqui');
  });
});

describe('valorKey', () => {
  it('names a plot per user, experiment and assessment', () => {
    expect(valorKey('u1', 7, 'sev', 101)).toBe('u1|7|sev|101');
  });
});
