/**
 * The field catalogue: one declaration per field of an experiment, a treatment, an applied product
 * and an additional analysis. The step schemas and types (experiment.ts), the form's defaults and
 * step lists, the CSV columns, the audit trail, the details modal, the extraction review and the
 * correlation variables all derive from it. A new plain field is declared here, and added to the
 * database (schema.ts + a migration) and to the SQL presenter (a test compares them).
 */
import {
  BUSINESS_UNITS,
  DEFAULT_YEAR,
  DELINEAMENTOS_FATORIAIS,
  DOSE_UNITS,
  MODALIDADES,
  TIPOS_ESTATISTICA,
  YEAR_MAX,
  YEAR_MIN,
  YEARS,
  YIELD_MAX_KG_HA,
  ANALISES_SUGERIDAS,
  AVALIACOES_SUGERIDAS,
  MAX_BLOCKS,
  TIPOS_AVALIACAO,
  UNIDADES_SUGERIDAS,
  PLOT_DECIMALS,
  PRICE_PER_BAG_MAX,
  PAPEIS,
  PAPEL_LABEL,
} from '../constants.js';
import { QUADRADO_LATINO, SITUACAO_LABEL, SITUACAO_PADRAO, SITUACOES } from '../field-plan.js';
import { CLAY_CLASSES, ORGANIC_MATTER_CLASSES, clayClass, organicMatterClass } from '../soil.js';
import {
  type Field,
  type Fields,
  type Step,
  choice,
  fieldTitle,
  list,
  namesOf,
  number,
  optionalChoice,
  replicates,
  text,
} from './kinds.js';
import { EXP_MSG } from './messages.js';

/** Everywhere an experiment's own field shows up beyond the form. */
const everywhere = { csv: true, audited: true, extract: true } as const;

export const EXPERIMENT_FIELDS = {
  // Where the trial is in its life (field-plan.ts): only a concluded one needs yields and its PDF.
  situacao: choice({
    label: 'Situação do ensaio',
    step: 1,
    options: SITUACOES,
    optionLabels: SITUACAO_LABEL,
    absent: SITUACAO_PADRAO,
    required: EXP_MSG.situacaoInvalida,
    hint: 'Planejado ou em andamento: salve sem produtividades e sem o PDF, que só são exigidos ao concluir',
    audited: true,
  }),
  consultoria: text({
    label: 'Consultoria',
    step: 1,
    required: EXP_MSG.consultoriaRequired,
    min: [2, EXP_MSG.consultoriaShort],
    max: 200,
    details: 'basicas',
    ...everywhere,
  }),
  marca: text({
    label: 'Marca',
    step: 1,
    required: EXP_MSG.marcaRequired,
    max: 100,
    lookup: 'marcas',
    placeholder: 'Selecione a marca',
    correlation: 7,
    details: 'basicas',
    ...everywhere,
  }),
  bu: choice({
    label: 'Business Unit',
    step: 1,
    options: BUSINESS_UNITS,
    required: EXP_MSG.buRequired,
    placeholder: 'Selecione a BU',
    correlation: 9,
    details: 'basicas',
    ...everywhere,
  }),
  regional: text({
    label: 'Regional',
    step: 1,
    required: EXP_MSG.regionalRequired,
    max: 100,
    lookup: 'regionais',
    placeholder: 'Selecione a regional',
    correlation: 8,
    details: 'basicas',
    ...everywhere,
  }),
  cidade: text({ label: 'Cidade', step: 2, required: EXP_MSG.cidadeRequired, max: 120, ...everywhere }),
  estado: text({
    label: 'Estado',
    step: 2,
    required: EXP_MSG.estadoRequired,
    max: 2,
    lookup: 'estados',
    placeholder: 'Selecione o estado',
    correlation: 10,
    ...everywhere,
  }),
  latitude: number({
    kind: 'coordinate',
    axis: 'lat',
    label: 'Latitude',
    step: 2,
    zeroIsEmpty: true,
    min: -90,
    minMessage: EXP_MSG.latitudeRange,
    max: 90,
    maxMessage: EXP_MSG.latitudeRange,
    decimals: 6,
    default: null,
    hint: 'Opcional: graus decimais (-17,7923) ou graus, minutos e segundos (17°47\'32" S)',
    ...everywhere,
  }),
  longitude: number({
    kind: 'coordinate',
    axis: 'lon',
    label: 'Longitude',
    step: 2,
    zeroIsEmpty: true,
    min: -180,
    minMessage: EXP_MSG.longitudeRange,
    max: 180,
    maxMessage: EXP_MSG.longitudeRange,
    decimals: 6,
    default: null,
    hint: 'Opcional: graus decimais (-50,9192) ou graus, minutos e segundos (50°55\'09" O)',
    ...everywhere,
  }),
  teor_argila: number({
    kind: 'number',
    label: 'Teor de argila',
    unit: '%',
    labels: { details: 'Teor de Argila %' },
    step: 3,
    required: EXP_MSG.argilaRequired,
    nullableInApi: true,
    min: 0,
    minMessage: EXP_MSG.valueMin,
    max: 100,
    maxMessage: EXP_MSG.valueMax,
    decimals: 2,
    default: null,
    scale: { caption: 'Interpretação do teor de argila:', classes: CLAY_CLASSES, classify: clayClass },
    correlation: 3,
    details: 'solo',
    ...everywhere,
  }),
  teor_materia_organica: number({
    kind: 'number',
    label: 'Matéria orgânica',
    unit: '%',
    labels: { details: 'Matéria Orgânica %' },
    step: 3,
    required: EXP_MSG.moRequired,
    nullableInApi: true,
    min: 0,
    minMessage: EXP_MSG.valueMin,
    max: 100,
    maxMessage: EXP_MSG.valueMax,
    decimals: 1,
    default: null,
    scale: { caption: 'Interpretação da matéria orgânica:', classes: ORGANIC_MATTER_CLASSES, classify: organicMatterClass },
    correlation: 4,
    details: 'solo',
    ...everywhere,
  }),
  cultura: text({
    label: 'Cultura',
    step: 4,
    required: EXP_MSG.culturaRequired,
    max: 100,
    lookup: 'culturas',
    placeholder: 'Selecione a cultura',
    correlation: 6,
    details: 'local',
    ...everywhere,
  }),
  cultivar: text({ label: 'Cultivar', step: 4, required: EXP_MSG.cultivarRequired, max: 100, details: 'local', ...everywhere }),
  ano: number({
    kind: 'number',
    label: 'Ano',
    step: 4,
    required: EXP_MSG.anoRequired,
    integer: EXP_MSG.anoRange,
    min: YEAR_MIN,
    minMessage: EXP_MSG.anoRange,
    max: YEAR_MAX,
    maxMessage: EXP_MSG.anoRange,
    decimals: 0,
    options: YEARS,
    placeholder: 'Selecione o ano',
    default: DEFAULT_YEAR,
    correlation: 5,
    details: 'local',
    ...everywhere,
  }),
  // MAPA's method compares the trial's yield with the region's (conformidade-regras.ts, media_regional).
  produtividade_regional: number({
    kind: 'number',
    label: 'Produtividade média da região',
    unit: 'kg/ha',
    step: 4,
    min: 0,
    minMessage: EXP_MSG.produtividadePositive,
    max: YIELD_MAX_KG_HA,
    maxMessage: EXP_MSG.produtividadeMax,
    decimals: 2,
    default: null,
    hint: 'Opcional: a média oficial da cultura na região (ex.: Conab, IBGE), para comparar com a do ensaio (IN MAPA 53/2013)',
    csv: true,
    audited: true,
  }),
  tratamentos: list({ label: 'Tratamentos', step: 5, audited: true, extract: true }),
  // What the trial rates besides yield (assessments.ts); each treatment holds its plot values.
  avaliacoes: list({ label: 'Avaliações', step: 5 }),
  tipo_estatistica: choice({
    label: 'Tipo de estatística',
    step: 6,
    options: [...TIPOS_ESTATISTICA, ...DELINEAMENTOS_FATORIAIS, QUADRADO_LATINO],
    required: EXP_MSG.tipoEstatisticaRequired,
    placeholder: 'Selecione o delineamento',
    ...everywhere,
  }),
  // Two-factor designs: the factors' names, which the report uses for its rows
  // ("Produto × Dose"); each treatment carries its levels (TREATMENT_FIELDS.nivel_a / nivel_b).
  fator_a: text({ label: 'Fator A', step: 6, max: 60, placeholder: 'Ex.: Produto', csv: true, audited: true }),
  fator_b: text({ label: 'Fator B', step: 6, max: 60, placeholder: 'Ex.: Dose', csv: true, audited: true }),
  // The field plan (field-plan.ts): blocks and plot size draw the layout and size the spray mix.
  blocos: number({
    kind: 'number',
    label: 'Blocos (repetições)',
    step: 5,
    integer: EXP_MSG.blocosFaixa,
    min: 2,
    minMessage: EXP_MSG.blocosFaixa,
    max: MAX_BLOCKS,
    maxMessage: EXP_MSG.blocosFaixa,
    decimals: 0,
    default: null,
    hint: 'Para sortear o croqui e coletar por parcela; o quadrado latino tem tantos blocos quanto tratamentos',
    audited: true,
  }),
  parcela: list({ label: 'Dimensões da parcela', step: 6 }),
  aplicacoes: list({ label: 'Aplicações', step: 6 }),
  custo_protocolo: number({
    kind: 'money',
    label: 'Custo do protocolo',
    unit: 'R$',
    step: 6,
    required: EXP_MSG.custoProtocoloRequired,
    min: 0,
    minMessage: EXP_MSG.custoPositive,
    decimals: 2,
    default: null,
    correlation: 2,
    ...everywhere,
  }),
  roi: number({
    kind: 'money',
    label: 'ROI',
    unit: 'R$',
    // The audit trail has always named it without the unit (its tests pin the text).
    labels: { audit: 'ROI' },
    step: 6,
    zeroIsEmpty: true,
    min: 0,
    minMessage: EXP_MSG.roiPositive,
    decimals: 2,
    default: null,
    hint: 'Opcional',
    correlation: 1,
    details: 'resultados',
    csv: true,
    audited: true,
  }),
  preco_saca: number({
    kind: 'money',
    label: 'Preço da saca',
    unit: 'R$',
    step: 6,
    zeroIsEmpty: true,
    min: 0,
    minMessage: EXP_MSG.precoSacaPositive,
    max: PRICE_PER_BAG_MAX,
    maxMessage: EXP_MSG.precoSacaMax,
    decimals: 2,
    default: null,
    hint: 'Opcional: preço da saca de 60 kg; calcula a receita extra de cada tratamento sobre a testemunha',
    csv: true,
    audited: true,
  }),
} as const satisfies Fields;

export const PRODUCT_FIELDS = {
  nome: text({ label: 'Produto', required: EXP_MSG.produtoNomeRequired, max: 150 }),
  dose: number({ kind: 'number', label: 'Dose', min: 0, minMessage: EXP_MSG.doseNonNegative, decimals: 2, default: null }),
  // The dose's unit as the report gives it: a suggestion from the list, or typed.
  unidade: text({ label: 'Unidade da dose', max: 30, suggestions: DOSE_UNITS, placeholder: 'L/ha' }),
  custo: number({ kind: 'money', label: 'Custo', unit: 'R$', min: 0, minMessage: EXP_MSG.custoPositive, decimals: 2, default: null }),
} as const satisfies Fields;

export const ANALYSIS_FIELDS = {
  nome: text({ label: 'Análise', required: EXP_MSG.analiseNomeRequired, max: 150 }),
  valor: number({ kind: 'number', label: 'Valor', decimals: 2, round: true, default: null }),
  unidade: text({ label: 'Unidade', max: 50 }),
} as const satisfies Fields;

/**
 * An assessment: one variable the trial rates per plot on one date (assessments.ts adds the rules
 * between these fields: the key's form, the date, the scale of a score).
 */
export const ASSESSMENT_FIELDS = {
  chave: text({ label: 'Chave', required: EXP_MSG.avaliacaoChaveRequired, max: 40 }),
  nome: text({
    label: 'Avaliação',
    required: EXP_MSG.avaliacaoNomeRequired,
    max: 150,
    suggestions: [...AVALIACOES_SUGERIDAS, ...ANALISES_SUGERIDAS],
    placeholder: 'Ex.: Severidade',
  }),
  unidade: text({ label: 'Unidade', max: 50, suggestions: UNIDADES_SUGERIDAS, placeholder: '%' }),
  tipo: choice({ label: 'Tipo', options: TIPOS_AVALIACAO, required: EXP_MSG.avaliacaoTipoRequired }),
  data: text({ label: 'Data da avaliação', max: 10 }),
  estadio: text({ label: 'Estádio', max: 30, placeholder: 'Ex.: R5.1' }),
  alvo: text({
    label: 'Alvo',
    max: 150,
    placeholder: 'Praga, doença ou planta daninha',
    hint: 'Opcional: com um alvo, o relatório calcula a eficácia (Abbott)',
  }),
  escala_min: number({ kind: 'number', label: 'Escala: mínimo', integer: EXP_MSG.escalaInteira, decimals: 0, default: null }),
  escala_max: number({ kind: 'number', label: 'Escala: máximo', integer: EXP_MSG.escalaInteira, decimals: 0, default: null }),
} as const satisfies Fields;

/** A plot's size in the field (metres): the map is drawn to it and the spray mix computed for its area. */
/** A side of the plot in metres: both are required once either is typed. */
const plotSide = <const L extends string>(label: L) =>
  number({
    kind: 'number',
    label,
    unit: 'm',
    required: EXP_MSG.parcelaMedidaRequired,
    min: 0.1,
    minMessage: EXP_MSG.parcelaMedidaFaixa,
    max: 1000,
    maxMessage: EXP_MSG.parcelaMedidaFaixa,
    decimals: 2,
    default: null,
  });

export const PLOT_FIELDS = {
  comprimento_m: plotSide('Comprimento da parcela'),
  largura_m: plotSide('Largura da parcela'),
} as const satisfies Fields;

/** An application (spray, seed treatment, side dressing) as the field notes record it. */
export const APPLICATION_FIELDS = {
  chave: text({ label: 'Chave', required: EXP_MSG.aplicacaoChaveRequired, max: 40 }),
  data: text({ label: 'Data da aplicação', required: EXP_MSG.aplicacaoDataRequired, max: 10 }),
  estadio: text({ label: 'Estádio', max: 30, placeholder: 'Ex.: V4, R1, BBCH 65' }),
  volume_calda_l_ha: number({
    kind: 'number',
    label: 'Volume de calda',
    unit: 'L/ha',
    min: 0,
    minMessage: EXP_MSG.valorNaoNegativo,
    max: 10_000,
    maxMessage: EXP_MSG.volumeCaldaMax,
    decimals: 1,
    default: null,
  }),
  equipamento: text({ label: 'Equipamento', max: 150, placeholder: 'Ex.: pulverizador costal CO₂, ponta XR 110.02' }),
  temperatura_c: number({
    kind: 'number',
    label: 'Temperatura',
    unit: '°C',
    min: -20,
    minMessage: EXP_MSG.temperaturaFaixa,
    max: 60,
    maxMessage: EXP_MSG.temperaturaFaixa,
    decimals: 1,
    default: null,
  }),
  umidade_pct: number({
    kind: 'number',
    label: 'Umidade relativa',
    unit: '%',
    min: 0,
    minMessage: EXP_MSG.umidadeFaixa,
    max: 100,
    maxMessage: EXP_MSG.umidadeFaixa,
    decimals: 1,
    default: null,
  }),
  vento_km_h: number({
    kind: 'number',
    label: 'Vento',
    unit: 'km/h',
    min: 0,
    minMessage: EXP_MSG.valorNaoNegativo,
    max: 200,
    maxMessage: EXP_MSG.ventoMax,
    decimals: 1,
    default: null,
  }),
} as const satisfies Fields;

/** A treatment's fields; its yield is required unless plot yields are given (experiment.ts). */
export const TREATMENT_FIELDS = {
  nome: text({ label: 'Nome do tratamento', required: EXP_MSG.nomeRequired, max: 150, csv: true }),
  modalidade: choice({ label: 'Modalidade', options: MODALIDADES, required: EXP_MSG.modalidadeRequired, csv: true }),
  papel: optionalChoice({
    label: 'Papel no ensaio',
    options: PAPEIS,
    optionLabels: PAPEL_LABEL,
    invalid: EXP_MSG.papelInvalido,
    hint: 'Para as normas do MAPA: testemunha absoluta, padrão (produto registrado de função semelhante) ou produto testado',
    csv: true,
  }),
  produtividade: number({
    kind: 'number',
    label: 'Produtividade',
    unit: 'kg/ha',
    min: 0,
    minMessage: EXP_MSG.produtividadePositive,
    max: YIELD_MAX_KG_HA,
    maxMessage: EXP_MSG.produtividadeMax,
    decimals: 2,
    // Stored to the hundredth of a kg/ha: a yield such as 5e-324 is 0, not a control that makes
    // every gain over it infinite (the dashboard's sums cannot hold that).
    round: true,
    default: null,
    csv: true,
  }),
  custo: number({
    kind: 'money',
    label: 'Custo do tratamento',
    unit: 'R$',
    emptyAs: 0,
    min: 0,
    minMessage: EXP_MSG.custoPositive,
    decimals: 2,
    default: null,
    csv: true,
  }),
  // Two-factor designs: the treatment's level of each factor ('' for the additional treatment).
  nivel_a: text({ label: 'Nível do fator A', max: 60, csv: true }),
  nivel_b: text({ label: 'Nível do fator B', max: 60, csv: true }),
  dose: number({
    kind: 'number',
    label: 'Dose (regressão)',
    min: 0,
    minMessage: EXP_MSG.doseNonNegative,
    decimals: 2,
    default: null,
    hint: 'Opcional: a dose do tratamento em número, para a curva de dose–resposta (regressão)',
    csv: true,
  }),
  repeticoes: replicates({ label: 'Repetições', unit: 'kg/ha', max: MAX_BLOCKS, valueMax: YIELD_MAX_KG_HA, decimals: PLOT_DECIMALS }),
  produtos_aplicados: list({ label: 'Produtos aplicados', csv: true }),
  analises_adicionais: list({ label: 'Análises adicionais' }),
  observacoes: list({ label: 'Avaliações por parcela' }),
} as const satisfies Fields;

export type ExperimentFieldName = keyof typeof EXPERIMENT_FIELDS;
export type TreatmentFieldName = keyof typeof TREATMENT_FIELDS;

/** The experiment's nested lists (treatments, assessments): each has its own table and its own rules. */
export type ExperimentListField = {
  [K in ExperimentFieldName]: (typeof EXPERIMENT_FIELDS)[K] extends { kind: 'list' } ? K : never;
}[ExperimentFieldName];

/** The experiment's fields with their declarations, in the form's order. */
export const experimentFields = (pick: (f: Field) => boolean = () => true): [ExperimentFieldName, Field][] =>
  namesOf(EXPERIMENT_FIELDS, pick).map((name) => [name, EXPERIMENT_FIELDS[name]]);

/** The fields typed in each wizard step, in order (the wizard validates a step on these). */
export const STEP_FIELDS: Readonly<Record<Step, readonly ExperimentFieldName[]>> = {
  1: namesOf(EXPERIMENT_FIELDS, (f) => f.step === 1),
  2: namesOf(EXPERIMENT_FIELDS, (f) => f.step === 2),
  3: namesOf(EXPERIMENT_FIELDS, (f) => f.step === 3),
  4: namesOf(EXPERIMENT_FIELDS, (f) => f.step === 4),
  5: namesOf(EXPERIMENT_FIELDS, (f) => f.step === 5),
  6: namesOf(EXPERIMENT_FIELDS, (f) => f.step === 6),
};

/** The label a field has in the audit trail. */
export const auditLabel = (f: Field): string => f.labels?.audit ?? fieldTitle(f);

/** The label a field has in the details modal, beside a value that carries its unit. */
export const detailsLabel = (f: Field): string => f.labels?.details ?? f.label;

/** Experiment fields whose declaration carries `flag`, as a type. */
export type FlaggedField<Flag extends string> = {
  [K in ExperimentFieldName]: (typeof EXPERIMENT_FIELDS)[K] extends Record<Flag, unknown> ? K : never;
}[ExperimentFieldName];

/** Plain (not list) experiment fields the audit trail compares. */
export type AuditedField = Exclude<FlaggedField<'audited'>, 'tratamentos'>;
export const AUDITED_FIELDS = namesOf(EXPERIMENT_FIELDS, (f) => Boolean(f.audited) && f.kind !== 'list') as AuditedField[];

/** Fields the extraction proposes, in the form's order. */
export type ExtractedField = FlaggedField<'extract'>;
export const EXTRACTED_FIELDS = namesOf(EXPERIMENT_FIELDS, (f) => Boolean(f.extract)) as ExtractedField[];

/** Experiment fields that are variables of the correlation explorer, in the explorer's order. */
export type CorrelationField = FlaggedField<'correlation'>;
export const CORRELATION_FIELDS = (namesOf(EXPERIMENT_FIELDS, (f) => f.correlation !== undefined) as CorrelationField[]).sort(
  (a, b) => (EXPERIMENT_FIELDS[a].correlation ?? 0) - (EXPERIMENT_FIELDS[b].correlation ?? 0),
);
