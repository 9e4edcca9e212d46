// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filenameOf } from '../api/queries.js';

const raw = vi.fn();
vi.mock('../../../lib/api.js', () => ({ api: { raw: (...args: unknown[]) => raw(...args) } }));
const saveBlob = vi.fn();
vi.mock('../../../lib/save-blob.js', () => ({ saveBlob: (...args: unknown[]) => saveBlob(...args) }));

const { TechnicalReportButton } = await import('./trial-compliance.js');

afterEach(() => {
  cleanup();
  raw.mockReset();
  saveBlob.mockReset();
});

describe('TechnicalReportButton', () => {
  it('downloads the PDF with the name the server gives, a spinner meanwhile', async () => {
    let answer!: (r: Response) => void;
    raw.mockReturnValue(new Promise<Response>((r) => (answer = r)));
    render(<TechnicalReportButton id={7} />);
    fireEvent.click(screen.getByRole('button', { name: 'Baixar relatório técnico (PDF)' }));
    const busy = await screen.findByRole('button', { name: 'Gerando relatório técnico…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(raw).toHaveBeenCalledWith('/api/experiments/7/relatorio-tecnico', expect.anything());
    answer(
      new Response('%PDF-1.7', {
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="relatorio-tecnico-experimento-7.pdf"' },
      }),
    );
    await screen.findByRole('button', { name: 'Baixar relatório técnico (PDF)' });
    expect(saveBlob).toHaveBeenCalledWith(expect.anything(), 'relatorio-tecnico-experimento-7.pdf');
  });

  it('says in Portuguese when the report could not be made', async () => {
    raw.mockRejectedValue(new Error('boom'));
    render(<TechnicalReportButton id={7} />);
    fireEvent.click(screen.getByRole('button', { name: 'Baixar relatório técnico (PDF)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Não foi possível gerar o relatório técnico. Tente novamente.');
    expect(saveBlob).not.toHaveBeenCalled();
  });
});

describe('filenameOf', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(filenameOf(`attachment; filename="a.pdf"; filename*=UTF-8''relat%C3%B3rio.pdf`, 'x.pdf')).toBe('relatório.pdf');
    expect(filenameOf('attachment; filename="a.pdf"', 'x.pdf')).toBe('a.pdf');
    expect(filenameOf(null, 'x.pdf')).toBe('x.pdf');
  });
});
