// @vitest-environment happy-dom
/**
 * A planned trial is saved without yields and without its PDF; a concluded one still needs the
 * PDF (step 7's message, verbatim). The form is a draft continued at step 7, the save mocked.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ExperimentData, experimentSchema } from '../../../../shared/experiment.js';
import { stubApi } from '../../../test/stub-api.js';
import { type FormValues, newExperimentDefaults, newTreatment } from '../form-values.js';
import { draftKey, writeDraft } from '../storage.js';
import { PDF_OPTIONAL } from './step-upload.js';
import { ExperimentWizard } from './wizard.js';

const saved = vi.hoisted(() => ({ calls: [] as { data: ExperimentData; pdf: File | null }[] }));

vi.mock('../api/save-experiment.js', () => ({
  useSaveExperiment: () => ({
    mutateAsync: async (input: { data: ExperimentData; pdf: File | null }) => {
      saved.calls.push(input);
      return {};
    },
  }),
}));

stubApi({
  '/api/lookups/marcas': { marcas: ['Aminoagro'] },
  '/api/lookups/regioes': { regioes: [{ nome: 'GO' }] },
});

const PDF_REQUIRED = 'O upload do arquivo PDF é obrigatório para finalizar o experimento';

/** Every step filled but the yields. */
const trial = (situacao: string): FormValues => ({
  ...newExperimentDefaults(),
  situacao,
  consultoria: 'Agro Teste',
  marca: 'Aminoagro',
  bu: 'BU2',
  regional: 'GO',
  cidade: 'Jataí',
  estado: 'GO',
  teor_argila: 30,
  teor_materia_organica: 3,
  cultura: 'Soja',
  cultivar: 'M 8644',
  tipo_estatistica: 'DBC',
  custo_protocolo: 1000,
  blocos: 4,
  tratamentos: [
    { ...newTreatment(true), modalidade: 'Foliar' },
    { ...newTreatment(false), nome: 'Raiz', modalidade: 'Solo' },
  ],
});

beforeEach(() => {
  localStorage.clear();
  saved.calls = [];
});
afterEach(() => localStorage.clear());

async function openAtUpload(values: FormValues) {
  writeDraft(localStorage, draftKey(undefined), { values, step: 7, savedAt: '2026-11-20T12:00:00.000Z' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/novo-experimento']}>
        <ExperimentWizard extractor={() => null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continuar rascunho' }));
  });
  screen.getByRole('heading', { name: 'Upload de Documento' });
}

const save = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Salvar Experimento' }));
  });
  await act(async () => new Promise((r) => setTimeout(r, 20)));
};

describe('saving a trial by its situation', () => {
  it('a planned trial without yields is valid, and is saved without a PDF', async () => {
    expect(experimentSchema.safeParse(trial('planejado')).success).toBe(true);
    await openAtUpload(trial('planejado'));
    screen.getByText(PDF_OPTIONAL);
    await save();
    expect(screen.queryByText(PDF_REQUIRED)).toBeNull();
    expect(saved.calls).toHaveLength(1);
    expect(saved.calls[0]?.pdf).toBeNull();
    expect(saved.calls[0]?.data).toMatchObject({ situacao: 'planejado', blocos: 4, parcela: null, aplicacoes: [] });
  });

  it('a concluded trial still needs its PDF', async () => {
    const values = trial('concluido');
    values.tratamentos = values.tratamentos.map((t, i) => ({ ...t, produtividade: 3000 + i * 100 }));
    await openAtUpload(values);
    expect(screen.queryByText(PDF_OPTIONAL)).toBeNull();
    await save();
    screen.getByText(PDF_REQUIRED);
    expect(saved.calls).toHaveLength(0);
  });
});
