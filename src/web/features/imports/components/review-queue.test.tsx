// @vitest-environment happy-dom
/**
 * /importar/revisao through the real API client (fetch stubbed): the queue with its badges and
 * duplicate flag, "Aprovar todos com confiança ≥ 90 %" (each validated, a summary of both
 * outcomes), and a draft's review: the form slot prefilled, a 400's fields on the form, J / K.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_MSG, type ImportDraft } from '../../../../shared/imports.js';
import type { ExperimentFormSlotProps, ReportToExperiment } from '../../../lib/slots.js';

vi.mock('./pdf-page.js', () => ({
  PdfPage: ({ page, snippet }: { page: number; snippet?: string }) => <p>{`pdf p${page} ${snippet ?? ''}`}</p>,
}));
const { ReviewQueue } = await import('./review-queue.js');

const draft = (id: number, confidence: number, over: Partial<ImportDraft> = {}): ImportDraft => ({
  id,
  batchId: 1,
  filename: `ensaio-${id}.pdf`,
  status: 'ready',
  confidence,
  data: { consultoria: `Consultoria ${id}`, cultura: 'Soja' },
  evidence: {
    consultoria: { page: 1, snippet: `Consultoria ${id}`, confidence: 0.95, source: 'label' },
    cultura: { page: 2, snippet: 'Cultura: Soja', confidence: 0.5, source: 'label' },
  },
  warnings: [],
  duplicateOf: null,
  importedElsewhere: false,
  pdfKept: true,
  reason: null,
  experimentId: null,
  createdAt: '2026-11-24T12:00:00Z',
  owner: { id: 'u1', name: 'Ana' },
  ...over,
});

const DRAFTS = [
  draft(1, 0.97),
  draft(2, 0.93, {
    duplicateOf: { experimentId: 42, label: 'Agro Alfa · Rio Verde · Soja 2024' },
    data: { consultoria: 'Consultoria 2', cultura: 'Soja', tratamentos: [{ nome: 'Testemunha', modalidade: '' }] },
  }),
  draft(3, 0.6, { importedElsewhere: true }),
  draft(4, 0, {
    status: 'failed',
    confidence: null,
    pdfKept: false,
    reason: 'O documento não parece ser um relatório de experimento de campo.',
  }),
];
let requests: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      requests.push({ method, path: url.pathname + url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/imports') return json({ batches: [] });
      if (url.pathname === '/api/imports/drafts') return json({ drafts: DRAFTS, total: 3 });
      const one = url.pathname.match(/^\/api\/imports\/drafts\/(\d+)$/);
      if (one && method === 'GET') return json({ draft: DRAFTS.find((d) => d.id === Number(one[1])) });
      if (url.pathname.endsWith('/pdf')) return new Response(new Uint8Array([37, 80, 68, 70]), { status: 200 });
      if (url.pathname === '/api/imports/drafts/1/approve') return json({ experiment: { id: 100 } }, 201);
      if (url.pathname === '/api/imports/drafts/3/approve')
        return json({ error: { code: 'VALIDATION_ERROR', message: 'Dados inválidos', fields: { cidade: 'Cidade é obrigatória' } } }, 400);
      return json({ error: { code: 'NOT_FOUND', message: 'Rota não encontrada' } }, 404);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Stands in for the experiment form: shows what it was given and submits the report's values. */
function FormStandIn({ data, marked, serverErrors, onSubmit, onFieldFocus, submitLabel, actions }: ExperimentFormSlotProps) {
  return (
    <div>
      <p>form {data.consultoria}</p>
      <p>marcados {marked?.join(',')}</p>
      <p>erros {JSON.stringify(serverErrors ?? {})}</p>
      <input name="cultura" aria-label="Cultura" onFocus={() => onFieldFocus?.('cultura')} />
      <button type="button" onClick={() => void onSubmit({ consultoria: data.consultoria } as never)}>
        {submitLabel}
      </button>
      {actions}
    </div>
  );
}

const prepare: ReportToExperiment = (data) =>
  data.consultoria === 'Consultoria 2'
    ? { ok: false, fields: { 'tratamentos.0.modalidade': 'Modalidade é obrigatória' } }
    : { ok: true, data: data as never };

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search}</output>;
}
const location = () => screen.getByTestId('where').textContent;

function show(at = '/importar/revisao') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <ReviewQueue form={FormStandIn} prepare={prepare} />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const settle = () => act(async () => new Promise((r) => setTimeout(r, 20)));

describe('ReviewQueue', () => {
  it('lists the ready drafts with their confidence and the duplicate flag linking to the experiment', async () => {
    show();
    await settle();
    expect(requests.some((r) => r.path === '/api/imports/drafts?status=ready&limit=100&offset=0')).toBe(true);
    const items = within(await screen.findByRole('list', { name: 'Rascunhos' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(['ensaio-1.pdf', 'ensaio-2.pdf', 'ensaio-3.pdf', 'ensaio-4.pdf']);
    expect(within(items[0]!).getByText('Confiança 97,0%')).toBeTruthy();
    expect(within(items[1]!).getByRole('link', { name: 'Agro Alfa · Rio Verde · Soja 2024' }).getAttribute('href')).toBe(
      '/dashboard?experimento=42',
    );
  });

  it("marks a file someone else imported too, without naming them, and says when a failed draft's PDF is no longer kept", async () => {
    show();
    await settle();
    const items = within(await screen.findByRole('list', { name: 'Rascunhos' })).getAllByRole('listitem');
    expect(within(items[2]!).getByText(IMPORT_MSG.importedElsewhere)).toBeTruthy();
    expect(within(items[0]!).queryByText(IMPORT_MSG.importedElsewhere)).toBeNull();
    expect(within(items[3]!).getByText(IMPORT_MSG.pdfGone)).toBeTruthy();
    expect(within(items[2]!).queryByText(IMPORT_MSG.pdfGone)).toBeNull();
  });

  it('approves the drafts at or above 90 % one by one, each validated, and says what still needs review', async () => {
    show();
    await settle();
    fireEvent.click(await screen.findByRole('button', { name: 'Aprovar todos com confiança ≥ 90 % (2)' }));
    const summary = (await screen.findByText('1 aprovado(s), 1 precisa(m) de revisão')).closest('[role]')!;
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual(['/api/imports/drafts/1/approve']);
    // In words, naming the treatment and the field, never the field's path.
    expect(within(summary as HTMLElement).getByText('ensaio-2.pdf: Tratamento 1 (Testemunha): Modalidade é obrigatória')).toBeTruthy();
    expect(summary.textContent).not.toContain('tratamentos.0');
  });

  it('reviews a draft: the form prefilled, low-confidence fields marked, the evidence of the focused field, J / K, a 400 on the fields', async () => {
    show('/importar/revisao?rascunho=3');
    await settle();
    expect(await screen.findByText('form Consultoria 3')).toBeTruthy();
    expect(screen.getByText('marcados cultura')).toBeTruthy();
    fireEvent.focus(screen.getByLabelText('Cultura'));
    expect(screen.getByTestId('evidence').textContent).toBe('Cultura: “Cultura: Soja” (página 2)');
    expect(screen.getByText('pdf p2 Cultura: Soja')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Aprovar' }));
    await settle();
    expect(await screen.findByText('erros {"cidade":"Cidade é obrigatória"}')).toBeTruthy();

    expect(screen.getByRole('button', { name: 'Próximo rascunho' }).getAttribute('aria-keyshortcuts')).toBe('J Alt+ArrowRight');
    fireEvent.keyDown(document.body, { key: 'k' });
    await waitFor(() => expect(location()).toBe('/importar/revisao?rascunho=2'));
    fireEvent.keyDown(document.body, { key: 'ArrowRight', altKey: true });
    await waitFor(() => expect(location()).toBe('/importar/revisao?rascunho=3'));
  });
});
