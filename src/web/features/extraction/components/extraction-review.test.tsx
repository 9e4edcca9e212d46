// @vitest-environment happy-dom
/**
 * The extraction review as the user meets it: labels and values as people read them,
 * where each value was found, the unsure ones first with "Conferir", the treatments as a table,
 * a report without yields said out loud; and the extractor's read-only result (dashboard test).
 * The answers are stubbed: the API is not called.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExtractionResult } from '../../../../shared/extraction.js';
import { ExtractionReview } from './extraction-review.js';
import { PdfExtractor } from './pdf-extractor.js';
import { buildAvaliacao } from '../../../../shared/factories.test-helper.js';

const extractPdf = vi.hoisted(() => vi.fn<(file: File) => Promise<ExtractionResult>>());
vi.mock('../api/extract-pdf.js', () => ({ extractPdf }));
vi.mock('../../../components/ui/toast.js', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  cleanup();
  extractPdf.mockReset();
});

/** A made-up report's answer: some fields sure, two unsure, one derived, treatments with yields. */
function answer(overrides: Partial<ExtractionResult> = {}): ExtractionResult {
  return {
    data: {
      consultoria: 'Campo Aberto Pesquisa Ltda.',
      cultura: 'Soja',
      cidade: 'Cidade Exemplo',
      estado: 'GO',
      regional: 'GO',
      teor_argila: 42.5,
      latitude: -17.5,
      custo_protocolo: 12500,
      tratamentos: [
        { nome: 'Testemunha', modalidade: 'Foliar', produtividade: 3456.7 },
        {
          nome: 'Produto A 2 L/ha',
          modalidade: '',
          produtividade: 3810,
          repeticoes: [3800, 3820, 3810, 3810],
          produtos_aplicados: [{ nome: 'Produto A', dose: 2.5, unidade: 'L/ha' }, { nome: 'Produto B' }],
        },
      ],
    },
    confidence: 0.9,
    fieldsExtracted: [
      'consultoria',
      'regional',
      'cidade',
      'estado',
      'latitude',
      'teor_argila',
      'cultura',
      'custo_protocolo',
      'tratamentos',
    ],
    warnings: [],
    evidence: {
      consultoria: { page: 1, snippet: 'Realização: Campo Aberto Pesquisa Ltda.', confidence: 0.95, source: 'label' },
      cultura: { page: 1, snippet: 'Cultura: soja', confidence: 0.9, source: 'label' },
      cidade: { page: 1, snippet: 'Município: Cidade Exemplo - GO', confidence: 0.9, source: 'label' },
      estado: { page: 1, snippet: 'Município: Cidade Exemplo - GO', confidence: 0.9, source: 'label' },
      regional: { page: 0, snippet: '', confidence: 0.8, source: 'derived' },
      teor_argila: { page: 2, snippet: 'Argila (g/kg) 425', confidence: 0.6, source: 'table', ocr: true },
      latitude: { page: 3, snippet: 'a área fica a 17,5 graus ao sul', confidence: 0.4, source: 'sentence' },
      custo_protocolo: { page: 4, snippet: 'Custo total R$ 12.500,00', confidence: 0.9, source: 'label' },
      tratamentos: { page: 2, snippet: 'Produtividade (sc/ha)', confidence: 0.7, source: 'table' },
    },
    ...overrides,
  };
}

describe('ExtractionReview', () => {
  it('shows labels and pt-BR values, never the raw field names, with where each value was read', () => {
    render(<ExtractionReview result={answer()} fileName="relatorio.pdf" />);
    screen.getByText('9 campos encontrados');
    const argila = screen.getByTestId('campo-teor_argila');
    within(argila).getByText('Teor de argila');
    expect(argila.textContent).toContain('42,5%');
    expect(argila.textContent).toContain('p. 2 · “Argila (g/kg) 425” · lido por OCR');
    expect(screen.getByTestId('campo-custo_protocolo').textContent).toContain('R$');
    expect(screen.getByTestId('campo-custo_protocolo').textContent).toContain('12.500,00');
    expect(screen.getByTestId('campo-regional').textContent).toContain('deduzido de outros dados');
    expect(document.body.textContent).not.toMatch(/teor_argila|custo_protocolo|fieldsExtracted|tratamentos/);
  });

  it('puts the unsure fields first, least sure on top, each marked "Conferir"', () => {
    render(<ExtractionReview result={answer()} fileName="relatorio.pdf" />);
    const first = screen.getByRole('heading', { name: 'Confira primeiro' }).closest('section')!;
    const rows = within(first).getAllByTestId(/^campo-/);
    expect(rows.map((r) => r.dataset.testid)).toEqual(['campo-latitude', 'campo-teor_argila']);
    expect(within(first).getAllByText('Conferir')).toHaveLength(2);
    expect(first.textContent).toContain('p. 3 · “a área fica a 17,5 graus ao sul”');
    // Sure fields stay in their sections, without the mark; the treatments' evidence is below 0.75 too.
    const basics = screen.getByRole('heading', { name: 'Informações Básicas' }).closest('section')!;
    expect(within(basics).getByTestId('campo-consultoria').textContent).not.toContain('Conferir');
    expect(within(basics).queryByTestId('campo-latitude')).toBeNull();
    expect(screen.getAllByText('Conferir')).toHaveLength(3);
  });

  it('lays the treatments out as a table: name, modality, applied products with doses, yield in kg/ha', () => {
    render(<ExtractionReview result={answer()} fileName="relatorio.pdf" />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tratamento', 'Modalidade', 'Produtos aplicados', 'Produtividade (kg/ha)']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Testemunha');
    expect(rows[0]!.textContent).toContain('Foliar');
    expect(rows[0]!.textContent).toContain('3.456,7');
    expect(rows[1]!.textContent).toContain('não informada');
    expect(rows[1]!.textContent).toContain('3.810');
    expect(rows[1]!.textContent).toContain('4 repetições');
    expect(rows[1]!.textContent).toContain('Produto A 2,5 L/ha; Produto B');
    expect(rows[0]!.textContent).toContain('não informados');
    expect(screen.queryByText('Produtividade dos tratamentos não encontrada')).toBeNull();
  });

  it("lists the assessments beside the yields with their unit, stage and type, and each treatment's mean", () => {
    const base = answer();
    const [control, treated] = base.data.tratamentos!;
    const sev = buildAvaliacao();
    const result = answer({
      data: {
        ...base.data,
        avaliacoes: [
          { ...sev, chave: 'severidade', estadio: '14 DAA' },
          {
            ...sev,
            chave: 'fitotoxicidade',
            nome: 'Fitotoxicidade',
            unidade: 'nota',
            tipo: 'nota',
            estadio: null,
            escala_min: 1,
            escala_max: 9,
          },
        ],
        tratamentos: [
          { ...control!, observacoes: { severidade: [32.5] } },
          { ...treated!, observacoes: { severidade: [8], fitotoxicidade: [2] } },
        ],
      },
      evidence: {
        ...base.evidence,
        avaliacoes: { page: 3, snippet: 'Severidade (%) 14 DAA; Fitotox. (nota 1-9)', confidence: 0.7, source: 'table' },
      },
    });
    render(<ExtractionReview result={result} fileName="relatorio.pdf" />);
    const section = screen.getByRole('heading', { name: 'Avaliações Detectadas' }).closest('section')!;
    within(section).getByText('Conferir');
    expect(section.textContent).toContain('p. 3 · “Severidade (%) 14 DAA; Fitotox. (nota 1-9)”');
    expect(within(section).getByRole('list', { name: 'Avaliações' }).textContent).toContain('Nota (escala) 1 a 9');
    const table = within(section).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tratamento', 'Severidade (%) · 14 DAA', 'Fitotoxicidade (nota)']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['T1 Testemunha', '32,5', '–'],
      ['T2 Produto A 2 L/ha', '8', '2'],
    ]);
  });

  it('shows no assessments section when the report gives none', () => {
    render(<ExtractionReview result={answer()} fileName="relatorio.pdf" />);
    expect(screen.queryByRole('heading', { name: 'Avaliações Detectadas' })).toBeNull();
  });

  it('says so prominently when no treatment has a yield, shows the warnings and counts only fields found', () => {
    const result = answer({
      data: { cultura: 'Milho', tratamentos: [{ nome: 'Testemunha', modalidade: 'Solo' }] },
      fieldsExtracted: ['cultura', 'tratamentos', 'cidade'],
      warnings: ['Produtividades não encontradas no relatório.'],
      evidence: {},
      confidence: 0.5,
    });
    render(<ExtractionReview result={result} fileName="relatorio.pdf" />);
    expect(screen.getByRole('alert').textContent).toContain('Produtividade dos tratamentos não encontrada');
    screen.getByText('Produtividades não encontradas no relatório.');
    screen.getByText('Revisão recomendada');
    screen.getByText('2 campos encontrados');
    expect(screen.queryByText('Confira primeiro')).toBeNull();
    expect(screen.getByRole('table').textContent).toContain('não encontrada');
  });

  it('works without evidence (an older answer): values, no marks', () => {
    render(<ExtractionReview result={answer({ evidence: undefined })} fileName="relatorio.pdf" />);
    expect(screen.queryByText('Conferir')).toBeNull();
    expect(screen.getByTestId('campo-latitude').textContent).toContain('-17,5');
  });
});

describe('PdfExtractor', () => {
  const drop = async (container: HTMLElement) => {
    const input = container.querySelector<HTMLInputElement>('input[name="pdfExtracao"]')!;
    const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'relatorio-ensaio.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });
  };

  it('with onExtracted (the dashboard test) hands the result over, then shows it read-only', async () => {
    extractPdf.mockResolvedValue(answer());
    const onExtracted = vi.fn();
    const onCancel = vi.fn();
    const { container } = render(<PdfExtractor onConfirm={vi.fn()} onCancel={onCancel} onExtracted={onExtracted} />);
    await drop(container);
    await waitFor(() => expect(onExtracted).toHaveBeenCalledTimes(1));
    screen.getByText('relatorio-ensaio.pdf');
    screen.getByRole('heading', { name: 'Confira primeiro' });
    expect(screen.queryByRole('button', { name: 'Confirmar Dados' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Concluir' }));
    expect(onCancel).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Testar outro PDF' }));
    screen.getByText('Extração Automática de Dados');
  });

  it('in the form, shows where the report’s value was read beside each differing field', async () => {
    extractPdf.mockResolvedValue(answer());
    const onConfirm = vi.fn();
    const { container } = render(
      <PdfExtractor
        onConfirm={onConfirm}
        onCancel={vi.fn()}
        conflicts={() => [{ field: 'latitude', label: 'Latitude', current: '-16,1', extracted: '-17,5' }]}
      />,
    );
    await drop(container);
    const group = await screen.findByRole('group', { name: /Latitude/ });
    within(group).getByText('Conferir');
    expect(group.textContent).toContain('p. 3 · “a área fica a 17,5 graus ao sul”');
    fireEvent.click(within(group).getByRole('radio', { name: 'No relatório: -17,5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar Dados' }));
    expect(onConfirm.mock.calls[0]![2]).toEqual({ latitude: 'report' });
  });
});
