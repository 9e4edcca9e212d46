// @vitest-environment happy-dom
/**
 * /importar as the user meets it: every picked file gets a row at once; the browser refuses a
 * non-PDF and an oversized file in the server's words, sends the rest in chunks of 20 into one
 * batch (the first answer's batchId), and the rows follow the batch's drafts.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_MAX_FILE_BYTES, IMPORT_MSG, type ImportBatchResponse } from '../../../../shared/imports.js';

const calls: { names: string[]; batchId: string | null }[] = [];
let batch: ImportBatchResponse | undefined;

vi.mock('../api/imports.js', () => ({
  importKeys: { batch: (id: string | null) => ['imports', 'batch', id] },
  uploadChunk: vi.fn(async (files: File[], batchId: string | null, onProgress: (p: number) => void) => {
    calls.push({ names: files.map((f) => f.name), batchId });
    onProgress(100);
    const refused = files
      .filter((f) => f.name === 'repetido.pdf')
      .map((f) => ({ filename: f.name, reason: IMPORT_MSG.duplicateInRequest('ensaio-1.pdf') }));
    const accepted = files
      .filter((f) => f.name !== 'repetido.pdf')
      .map((f) => ({ filename: f.name, draftId: Number(f.name.match(/\d+/)?.[0] ?? 0) }));
    return { batchId: 1, accepted, refused };
  }),
  useImportBatch: (batchId: string | null) => ({ data: batchId ? batch : undefined }),
}));

const { ImportUpload } = await import('./import-upload.js');

afterEach(() => {
  cleanup();
  calls.length = 0;
  batch = undefined;
});

const pdf = (name: string, size = 1000) => {
  const f = new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

function show() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ImportUpload reviewHref={(id) => `/importar/revisao?lote=${id ?? ''}`} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rowOf = (name: string) =>
  within(screen.getByRole('list', { name: 'Arquivos do lote' }))
    .getByText(name)
    .closest('li')!;

describe('ImportUpload', () => {
  it('gives every file a row, refuses in the page what the server would, and sends the rest in chunks of 20 into one batch', async () => {
    const view = show();
    const files = [
      ...Array.from({ length: 25 }, (_, i) => pdf(`ensaio-${i + 1}.pdf`)),
      new File(['x'], 'notas.txt', { type: 'text/plain' }),
      pdf('grande-99.pdf', IMPORT_MAX_FILE_BYTES + 1),
      pdf('repetido.pdf'),
    ];
    const input = view.container.querySelector('input[name="pdfs"]')!;
    await act(async () => {
      fireEvent.change(input, { target: { files } });
    });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });

    expect(screen.getAllByRole('listitem')).toHaveLength(28);
    expect(within(rowOf('notas.txt')).getByText(IMPORT_MSG.notPdf)).toBeTruthy();
    expect(within(rowOf('grande-99.pdf')).getByText(IMPORT_MSG.tooLarge)).toBeTruthy();
    expect(within(rowOf('repetido.pdf')).getByText(IMPORT_MSG.duplicateInRequest('ensaio-1.pdf'))).toBeTruthy();
    expect(calls.map((c) => c.names.length)).toEqual([20, 6]);
    expect(calls.map((c) => c.batchId)).toEqual([null, 1]);
    expect(within(rowOf('ensaio-1.pdf')).getByText('Enviado')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Envio dos arquivos' }).getAttribute('aria-valuenow')).toBe('100');
  });

  it('moves the rows with the batch (na fila → lendo → pronto / recusado) and links to the review when drafts are ready', async () => {
    const view = show();
    const input = view.container.querySelector('input[name="pdfs"]')!;
    await act(async () => {
      fireEvent.change(input, { target: { files: [pdf('ensaio-1.pdf'), pdf('ensaio-2.pdf'), pdf('ensaio-3.pdf')] } });
    });
    batch = {
      batchId: 1,
      total: 3,
      done: 1,
      failed: 1,
      drafts: [
        { id: 1, filename: 'ensaio-1.pdf', status: 'ready' },
        { id: 2, filename: 'ensaio-2.pdf', status: 'failed', reason: 'Não foi possível ler o PDF' },
        { id: 3, filename: 'ensaio-3.pdf', status: 'processing' },
      ],
    };
    view.rerender(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ImportUpload reviewHref={(id) => `/importar/revisao?lote=${id ?? ''}`} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await act(async () => {
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(within(rowOf('ensaio-1.pdf')).getByText('Pronto para revisão')).toBeTruthy();
    expect(within(rowOf('ensaio-2.pdf')).getByText('Não foi possível ler o PDF')).toBeTruthy();
    expect(within(rowOf('ensaio-3.pdf')).getByText('Lendo')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Revisar rascunhos (1)' }).getAttribute('href')).toBe('/importar/revisao?lote=1');
  });
});
