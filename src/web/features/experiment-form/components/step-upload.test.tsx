// @vitest-environment happy-dom
/**
 * The upload step refuses in pt-BR (the English text kept beside it, docs/product-rules.md#pdf-files), with
 * the size in MB, and reads a chosen file's first bytes, so a .docx renamed .pdf is refused when
 * it is chosen rather than at "Salvar".
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { StepUpload, type UploadState } from './step-upload.js';

afterEach(cleanup);

/** What the step last handed to the wizard. */
const current: { state: UploadState } = { state: { file: null, storedFilename: null, rejections: [] } };

function Harness() {
  const [state, setState] = useState<UploadState>(current.state);
  return (
    <StepUpload
      state={state}
      onChange={(next) => {
        current.state = next;
        setState(next);
      }}
      isEdit={false}
      onOpenExtractor={() => {}}
    />
  );
}

async function choose(file: File) {
  current.state = { file: null, storedFilename: null, rejections: [] };
  render(<Harness />);
  const input = document.querySelector('input[name="pdf"]')!;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
  // The dropzone reads the files, then the step reads the first bytes.
  await act(async () => {
    await new Promise((r) => setTimeout(r, 20));
  });
}

describe('the upload step', () => {
  it('refuses a .docx renamed .pdf as soon as it is chosen, in pt-BR', async () => {
    const docx = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00])], 'relatorio.pdf', { type: 'application/pdf' });
    await choose(docx);
    expect(await screen.findByText(/o nome termina em \.pdf, mas o conteúdo é de outro tipo de arquivo/)).toBeTruthy();
    screen.getByText('Arquivo recusado');
    expect(current.state.file).toBeNull();
  });

  it('takes a real PDF', async () => {
    const pdf = new File(['%PDF-1.4\n%%EOF\n'], 'ensaio.pdf', { type: 'application/pdf' });
    await choose(pdf);
    expect(current.state.file?.name).toBe('ensaio.pdf');
    expect(current.state.rejections).toEqual([]);
    screen.getByText('ensaio.pdf');
  });

  it('says a file over 10 MB in MB and in pt-BR, keeping the English text', async () => {
    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'enorme.pdf', { type: 'application/pdf' });
    await choose(big);
    const line = await screen.findByText(/O arquivo tem 11 MB; o limite é 10 MB por arquivo\./);
    expect(line.textContent).toContain('(File is larger than 10485760 bytes)');
    expect(current.state.file).toBeNull();
  });

  it('says a file that is not a PDF in pt-BR, keeping the English text', async () => {
    await choose(new File(['x'], 'planilha.xlsx', { type: 'application/vnd.ms-excel' }));
    const line = await screen.findByText(/O arquivo não é um PDF\./);
    expect(line.textContent).toContain('(File type must be application/pdf,.pdf)');
  });
});
