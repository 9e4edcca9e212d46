/**
 * Test data for every level (unit, component, integration): an experiment as the form sends it
 * (`buildExperimentData`, parsed by the real schema, so it stays valid as the catalogue changes) and
 * as the API returns it (`buildExperiment`), each with typed overrides. Imported by tests only.
 */
import { type Experiment, type ExperimentData, type Tratamento, type TratamentoData, experimentInputSchema } from './experiment.js';

/** The sample experiment as the form sends it, before the schema (the server's request bodies build on it). */
export const SAMPLE = {
  consultoria: 'Agro Campo Consultoria',
  marca: 'Aminoagro',
  bu: 'BU1',
  regional: 'PR SC PY',
  cidade: 'Cascavel',
  estado: 'PR',
  latitude: -24.9555,
  longitude: -53.4552,
  teor_argila: 55,
  teor_materia_organica: 3.2,
  cultura: 'Soja',
  cultivar: 'M6410',
  ano: 2025,
  tipo_estatistica: 'DBC',
  custo_protocolo: 4500,
  roi: 250000,
  tratamentos: [
    { nome: 'Testemunha', modalidade: 'Sem aplicação', produtividade: 3600 },
    {
      nome: 'Aminoagro Raiz',
      modalidade: 'Sementes',
      produtividade: 3900.5,
      produtos_aplicados: [{ nome: 'Aminoagro Raiz', dose: 0.5, unidade: 'L/ha', custo: 42.5 }],
      analises_adicionais: [{ nome: 'Altura de Plantas', valor: 87.25, unidade: 'cm' }],
    },
  ],
};

/** A treatment as the schema leaves it, with overrides. */
export function buildTreatmentData(overrides: Partial<TratamentoData> = {}): TratamentoData {
  const [control] = experimentInputSchema.parse(SAMPLE).tratamentos;
  return { ...(control as TratamentoData), ...overrides };
}

/** An experiment as the form sends it once validated, with overrides. */
export function buildExperimentData(overrides: Partial<ExperimentData> = {}): ExperimentData {
  return { ...experimentInputSchema.parse(SAMPLE), ...overrides };
}

/** An experiment as the API returns it: the form's fields, ids and the server's fields, with overrides. */
export function buildExperiment(overrides: Partial<Experiment> = {}): Experiment {
  const data = buildExperimentData();
  const tratamentos: Tratamento[] = data.tratamentos.map((t, i) => ({ ...t, id: i + 1 }));
  return {
    ...data,
    tratamentos,
    id: 1,
    version: 1,
    created_at: '2025-03-01T12:00:00.000Z',
    updated_at: '2025-03-01T12:00:00.000Z',
    owner: { id: '00000000-0000-4000-8000-000000000001', name: 'Pessoa de Teste' },
    pdf_filename: null,
    produtividade_media: tratamentos.reduce((s, t) => s + t.produtividade, 0) / tratamentos.length,
    ...overrides,
  };
}
