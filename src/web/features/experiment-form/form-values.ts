/**
 * The form's own value shapes (numbers as typed text until validated), the spec's defaults for a
 * new experiment, and the conversion from an experiment read from the API (edit mode).
 */
import { DEFAULT_YEAR, WIZARD_TOTAL_STEPS } from '../../../shared/constants.js';
import type { Experiment } from '../../../shared/experiment.js';

type Num = number | string;

export interface ProdutoForm {
  nome: string;
  dose: Num;
  custo: Num;
}
export interface AnaliseForm {
  nome: string;
  valor: Num;
  unidade: string;
}
export interface TratamentoForm {
  nome: string;
  modalidade: string;
  produtividade: Num;
  custo: Num;
  /** Plot yields per block; empty when the trial is registered without replicates. */
  repeticoes?: Num[];
  produtos_aplicados: ProdutoForm[];
  analises_adicionais: AnaliseForm[];
}

export interface FormValues {
  consultoria: string;
  marca: string;
  bu: string;
  regional: string;
  cidade: string;
  estado: string;
  latitude: Num;
  longitude: Num;
  teor_argila: Num;
  teor_materia_organica: Num;
  cultura: string;
  cultivar: string;
  ano: Num;
  tratamentos: TratamentoForm[];
  tipo_estatistica: string;
  custo_protocolo: Num;
  roi: Num;
  preco_saca: Num;
}

/** Spec 001 §3: empty text, ano 2024, numeric fields 0, no treatments. */
export function newExperimentDefaults(): FormValues {
  return {
    consultoria: '',
    marca: '',
    bu: '',
    regional: '',
    cidade: '',
    estado: '',
    latitude: 0,
    longitude: 0,
    teor_argila: 0,
    teor_materia_organica: 0,
    cultura: '',
    cultivar: '',
    ano: DEFAULT_YEAR,
    tratamentos: [],
    tipo_estatistica: '',
    custo_protocolo: 0,
    roi: 0,
    preco_saca: '',
  };
}

/** Spec 001 §4: the first treatment is the control; later ones start empty. */
export function newTreatment(isFirst: boolean, blocks = 0): TratamentoForm {
  return {
    nome: isFirst ? 'Testemunha' : '',
    modalidade: '',
    produtividade: 0,
    custo: 0,
    ...(blocks ? { repeticoes: Array.from({ length: blocks }, () => '') } : {}),
    produtos_aplicados: [],
    analises_adicionais: [],
  };
}

/** Resizes a treatment's replicates to `blocks` inputs, keeping what was typed. */
export function withBlocks(t: TratamentoForm, blocks: number): TratamentoForm {
  if (!blocks) {
    const { repeticoes: _drop, ...rest } = t;
    return rest;
  }
  const current = t.repeticoes ?? [];
  return { ...t, repeticoes: Array.from({ length: blocks }, (_, i) => current[i] ?? '') };
}

export const newProduct = (): ProdutoForm => ({ nome: '', dose: '', custo: '' });
export const newAnalysis = (): AnaliseForm => ({ nome: '', valor: 0, unidade: '' });

const num = (v: number | null): Num => (v === null ? '' : v);

export function fromExperiment(e: Experiment): FormValues {
  return {
    consultoria: e.consultoria,
    marca: e.marca,
    bu: e.bu,
    regional: e.regional,
    cidade: e.cidade,
    estado: e.estado,
    latitude: num(e.latitude),
    longitude: num(e.longitude),
    teor_argila: num(e.teor_argila),
    teor_materia_organica: num(e.teor_materia_organica),
    cultura: e.cultura,
    cultivar: e.cultivar,
    ano: e.ano,
    tratamentos: e.tratamentos.map((t) => ({
      nome: t.nome,
      modalidade: t.modalidade,
      produtividade: t.produtividade,
      custo: t.custo,
      ...(t.repeticoes?.length ? { repeticoes: [...t.repeticoes] } : {}),
      produtos_aplicados: t.produtos_aplicados.map((p) => ({ nome: p.nome, dose: num(p.dose), custo: num(p.custo) })),
      analises_adicionais: t.analises_adicionais.map((a) => ({ nome: a.nome, valor: num(a.valor), unidade: a.unidade })),
    })),
    tipo_estatistica: e.tipo_estatistica,
    custo_protocolo: e.custo_protocolo,
    roi: num(e.roi),
    preco_saca: num(e.preco_saca ?? null),
  };
}

export const STEPS = [
  { title: 'Dados da Consultoria', fields: ['consultoria', 'marca', 'bu', 'regional'] },
  { title: 'Localização', fields: ['cidade', 'estado', 'latitude', 'longitude'] },
  { title: 'Características do Solo', fields: ['teor_argila', 'teor_materia_organica'] },
  { title: 'Dados da Cultura', fields: ['cultura', 'cultivar', 'ano'] },
  { title: 'Tratamentos', fields: ['tratamentos'] },
  { title: 'Análise Estatística', fields: ['tipo_estatistica', 'custo_protocolo', 'roi', 'preco_saca'] },
  { title: 'Upload de Documento', fields: [] },
] as const satisfies readonly { title: string; fields: readonly (keyof FormValues)[] }[];

export const TOTAL_STEPS = WIZARD_TOTAL_STEPS;

/** The step (1-based) that holds a field path such as `tratamentos.2.nome`. */
export function stepOfField(path: string): number {
  const root = path.split('.')[0];
  const index = STEPS.findIndex((s) => (s.fields as readonly string[]).includes(root ?? ''));
  return index === -1 ? TOTAL_STEPS : index + 1;
}
