/**
 * Test data for every level (unit, component, integration): an experiment as the form sends it
 * (`buildExperimentData`, parsed by the real schema, so it stays valid as the catalogue changes) and
 * as the API returns it (`buildExperiment`), each with typed overrides. Imported by tests only.
 */
import type { z } from './zod.js';
import {
  type Experiment,
  type ExperimentData,
  type Tratamento,
  type TratamentoData,
  type analiseAdicionalSchema,
  experimentInputSchema,
  produtividadeMedia,
  type produtoAplicadoSchema,
} from './experiment.js';
import type { Avaliacao } from './assessments.js';
import type { PublicUser } from './auth.js';
import type {
  ANALYSIS_FIELDS,
  APPLICATION_FIELDS,
  ASSESSMENT_FIELDS,
  EXPERIMENT_FIELDS,
  PLOT_FIELDS,
  PRODUCT_FIELDS,
  TREATMENT_FIELDS,
} from './fields/catalogue.js';
import type { Aplicacao } from './field-plan-schema.js';

/** The catalogue's fields that a body may leave out: those declared without a `required` message, or with a value when absent. */
type OptionalIn<F> = { [K in keyof F]: F[K] extends { required: string } ? (F[K] extends { absent: string } ? K : never) : K }[keyof F];

/** A number may also travel as text, read the pt-BR way ("3.600,5"), as the form's inputs send it. */
type Typed<T> = T extends number ? T | string : T extends (infer E)[] ? Typed<E>[] : T;
type AsSent<O> = { [K in keyof O]: Typed<O[K]> };

/** `O` (the schema's output) as a client may send it, with the keys `F` does not require made optional. */
type Sent<O, F> = AsSent<Omit<O, OptionalIn<F> & keyof O>> & Partial<AsSent<Pick<O, OptionalIn<F> & keyof O>>>;

// The schema's own input type (ExperimentInput, z.input) is `unknown` for every field, because the
// field schemas preprocess whatever was sent; these say instead what a valid body holds: the output's
// types, with the keys the schema defaults or leaves null made optional.
export type ProductRequest = Sent<z.output<typeof produtoAplicadoSchema>, typeof PRODUCT_FIELDS>;
export type AnalysisRequest = Sent<z.output<typeof analiseAdicionalSchema>, typeof ANALYSIS_FIELDS>;
/** A treatment as a client sends it; its yield may instead come from plot yields (`repeticoes`). */
export type TreatmentRequest = Sent<Omit<TratamentoData, 'produtos_aplicados' | 'analises_adicionais'>, typeof TREATMENT_FIELDS> & {
  produtos_aplicados?: ProductRequest[];
  analises_adicionais?: AnalysisRequest[];
};
/** An assessment's declaration as a client sends it (date, stage, target and scale may be left out). */
export type AssessmentRequest = Sent<Avaliacao, typeof ASSESSMENT_FIELDS>;
/** An application as a client sends it (stage, volume, weather and treatments may be left out). */
export type ApplicationRequest = Sent<Omit<Aplicacao, 'tratamentos'>, typeof APPLICATION_FIELDS> & { tratamentos?: number[] };
/** A valid experiment request body (what the form sends, before the schema). */
export type ExperimentRequest = Sent<
  Omit<ExperimentData, 'tratamentos' | 'avaliacoes' | 'parcela' | 'aplicacoes'>,
  typeof EXPERIMENT_FIELDS
> & {
  tratamentos: TreatmentRequest[];
  avaliacoes?: AssessmentRequest[];
  parcela?: Sent<NonNullable<ExperimentData['parcela']>, typeof PLOT_FIELDS> | null;
  aplicacoes?: ApplicationRequest[];
};

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
} satisfies ExperimentRequest;

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
    avaliacoes: data.avaliacoes.map((a) => ({ ...a, daa: null })),
    id: 1,
    version: 1,
    created_at: '2025-03-01T12:00:00.000Z',
    updated_at: '2025-03-01T12:00:00.000Z',
    owner: { id: '00000000-0000-4000-8000-000000000001', name: 'Pessoa de Teste' },
    pdf_filename: null,
    produtividade_media: produtividadeMedia(tratamentos),
    ...overrides,
  };
}

/** An assessment's declaration as the schema leaves it (severity in %, nothing else said), with overrides. */
export function buildAvaliacao(overrides: Partial<Avaliacao> = {}): Avaliacao {
  return {
    chave: 'severidade',
    nome: 'Severidade',
    unidade: '%',
    tipo: 'porcentagem',
    data: null,
    estadio: null,
    alvo: null,
    escala_min: null,
    escala_max: null,
    ...overrides,
  };
}

/** A signed-in user as the API describes one: `id` gives the name and e-mail ("ana" → "Ana", ana@exemplo.com.br). */
export function buildPublicUser(id: string, overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id,
    name: id.charAt(0).toUpperCase() + id.slice(1),
    email: `${id}@exemplo.com.br`,
    role: 'user',
    company: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
