/**
 * The meta-analysis of a product across trials (POST /api/analises/meta, docs/api.md "Across
 * trials"; decision 024): the request, the answer, and the economics both sides compute the same
 * way: the break-even gain of a product and the probability that a new trial pays for it. The
 * page recomputes the probability when the bag price changes, with these functions, so it moves at
 * once and equals what the server answers.
 */
import { PRICE_PER_BAG_MAX } from './constants.js';
import { filtersSchema } from './filters.js';
import { normalCdf, normalQuantile } from './stats/distributions.js';
import type { MetaAnaliseResult } from './stats/meta-analise.js';
import type { RedeDeEnsaios } from './conformidade-regras.js';
import { z } from './zod.js';

/** A bag of grain: 60 kg (the same constant as the trial analysis' gains in sc/ha). */
const KG_SACA = 60;

/** The effect of a trial: treatment − control in the variable's unit, or the log of their ratio. */
export const ESCALAS_EFEITO = ['diferenca', 'razao'] as const;
export type EscalaEfeito = (typeof ESCALAS_EFEITO)[number];

/** The most trials one meta-analysis reads: past it, the filters narrow the question first. */
export const MAX_ENSAIOS_META = 2000;
/** The highest cost per hectare a request may carry (R$/ha): refuses only a slip. */
export const CUSTO_HA_MAX = 1_000_000;
const ID_MAX = 2_147_483_647;

const MSG = {
  corpo: 'Informe o produto da meta-análise.',
  produto: 'Informe o produto da meta-análise.',
  produtoLongo: 'Nome de produto muito longo (máximo de 150 caracteres).',
  avaliacao: 'Nome de avaliação inválido.',
  escala: 'Escala inválida: use "diferenca" ou "razao".',
  ids: 'Identificador de experimento inválido: use números inteiros positivos.',
  idsLista: 'Informe os experimentos como uma lista de identificadores (experimentIds).',
  idsVazia: 'Selecione pelo menos 2 experimentos para a meta-análise.',
  idsMuitos: `A meta-análise aceita no máximo ${MAX_ENSAIOS_META.toLocaleString('pt-BR')} experimentos.`,
  idsRepetidos: 'Há experimentos repetidos na seleção: cada experimento entra uma vez na meta-análise.',
  preco: 'Preço da saca inválido: informe um valor maior que zero.',
  precoMax: `Preço da saca muito alto (máximo de R$ ${PRICE_PER_BAG_MAX.toLocaleString('pt-BR')}).`,
  custo: 'Custo por hectare inválido: informe um valor maior ou igual a zero.',
  custoMax: `Custo por hectare muito alto (máximo de R$ ${CUSTO_HA_MAX.toLocaleString('pt-BR')}).`,
} as const;

const optionalNumber = (min: { value: number; inclusive: boolean; message: string }, max: { value: number; message: string }) =>
  z
    .number({ error: min.message })
    .refine((v) => Number.isFinite(v) && (min.inclusive ? v >= min.value : v > min.value), min.message)
    .refine((v) => v <= max.value, max.message)
    .nullable()
    .optional()
    .transform((v) => v ?? null);

export const metaAnaliseSchema = z.object(
  {
    produto: z.string({ error: MSG.produto }).trim().min(1, MSG.produto).max(150, MSG.produtoLongo),
    avaliacao: z
      .string({ error: MSG.avaliacao })
      .trim()
      .max(150, MSG.avaliacao)
      .nullable()
      .optional()
      .transform((v) => v || null),
    escala: z.enum(ESCALAS_EFEITO, { error: MSG.escala }).optional().default('diferenca'),
    experimentIds: z
      .array(z.number({ error: MSG.ids }).int(MSG.ids).min(1, MSG.ids).max(ID_MAX, MSG.ids), { error: MSG.idsLista })
      .min(2, MSG.idsVazia)
      .max(MAX_ENSAIOS_META, MSG.idsMuitos)
      .refine((ids) => new Set(ids).size === ids.length, MSG.idsRepetidos)
      .optional(),
    preco_saca: optionalNumber({ value: 0, inclusive: false, message: MSG.preco }, { value: PRICE_PER_BAG_MAX, message: MSG.precoMax }),
    custo_ha: optionalNumber({ value: 0, inclusive: true, message: MSG.custo }, { value: CUSTO_HA_MAX, message: MSG.custoMax }),
    /** The dashboard's filters (its URL's strings); `produto` among them is ignored, the product is `produto`. */
    filtros: filtersSchema.prefault({}),
  },
  { error: MSG.corpo },
);

export type MetaAnaliseInput = z.input<typeof metaAnaliseSchema>;
export type MetaAnaliseRequest = z.output<typeof metaAnaliseSchema>;

/** One trial in the meta-analysis. */
export interface EstudoMeta {
  experimentId: number;
  /** The effect on the request's scale: kg/ha (or the assessment's unit), or ln(treatment ÷ control). */
  efeito: number;
  variancia: number;
  /** In % of the total weight. */
  peso: number;
  /** The treatment that holds the product, and the control it is compared with. */
  tratamento: string;
  testemunha: string;
  mediaTratamento: number;
  mediaTestemunha: number;
  repeticoes: number;
  cv: number;
  /** What the page names the trial by: "Cascavel/PR · 2024 · Consultoria". */
  local: string;
  regional: string;
  cultura: string;
  ano: number;
  /** The clay class (Arenoso, Médio…), or "Sem análise de solo". */
  solo: string;
  /** Other treatments of the trial that also hold the product (not in the analysis: decision 024). */
  outrosTratamentos: string[];
}

/** A trial the meta-analysis could not use, and why (pt-BR). */
export interface EnsaioExcluido {
  experimentId: number;
  local: string;
  motivo: string;
}

export const SUBGRUPOS = ['regional', 'cultura', 'solo', 'ano'] as const;
export type Subgrupo = (typeof SUBGRUPOS)[number];
export const SUBGRUPO_LABEL: Readonly<Record<Subgrupo, string>> = {
  regional: 'Regional',
  cultura: 'Cultura',
  solo: 'Classe de solo (argila)',
  ano: 'Safra (ano)',
};

/** The pooled effect within one region, crop, soil class or season. */
export interface GrupoMeta {
  por: Subgrupo;
  grupo: string;
  k: number;
  estimativa: number;
  ic95: [number, number];
  /** Null with one trial (no heterogeneity to estimate). */
  tau2: number | null;
  /** With one trial: the square root of its own variance. */
  ep: number;
  /** Null with one trial (a new trial's spread cannot be told from one) and without prices. */
  prob_retorno: number | null;
}

/** The model's numbers (metafor's; each trial's weight is in `estudos`), and what the page shows with them. */
export interface MetaAnaliseResponse extends Omit<MetaAnaliseResult, 'pesos'> {
  prob_retorno: number | null;
  estudos: EstudoMeta[];
  produto: string;
  escala: EscalaEfeito;
  /** The variable: "Produtividade" or the assessment's name, and its unit. */
  variavel: { nome: string; unidade: string };
  /** The gain that pays for the product (kg/ha), with the prices of the request; null without them. */
  equilibrio: number | null;
  /** Prices the page offers before the user types: the trials' median bag price and the product's median cost. */
  sugestoes: { preco_saca: number | null; custo_ha: number | null };
  excluidos: EnsaioExcluido[];
  subgrupos: GrupoMeta[];
  /** Trials with a weight far below the others' (a huge variance): named so the reader knows. */
  avisos: string[];
  /** IN SDA 13/2011 (inoculants) over every trial holding the product: sites × seasons (decision 025). */
  rede: RedeDeEnsaios;
}

/**
 * The gain in kg/ha that pays for a product costing `custoHa` R$/ha when a 60 kg bag sells for
 * `precoSaca`; null without both (or with a price that is not positive).
 */
export function pontoDeEquilibrio(precoSaca: number | null, custoHa: number | null): number | null {
  if (precoSaca === null || custoHa === null || !(precoSaca > 0) || !(custoHa >= 0)) return null;
  return (custoHa / precoSaca) * KG_SACA;
}

/**
 * The probability that a new trial's gain exceeds `equilibrio` under the predictive distribution
 * N(estimativa, τ² + ep²); null without a break-even. A degenerate distribution (τ² = ep = 0) is
 * a step.
 */
export function probRetorno(m: { estimativa: number; ep: number; tau2: number | null }, equilibrio: number | null): number | null {
  if (equilibrio === null) return null;
  const dp = Math.sqrt((m.tau2 ?? 0) + m.ep * m.ep);
  if (!(dp > 0)) return m.estimativa > equilibrio ? 1 : 0;
  return 1 - normalCdf((equilibrio - m.estimativa) / dp);
}

const Z95 = normalQuantile(0.975);

/** A trial's own 95 % interval on the normal scale: efeito ± z·√variancia (the forest plot's line). */
export function ic95DoEnsaio(s: { efeito: number; variancia: number }): [number, number] {
  const ep = Math.sqrt(s.variancia);
  return [s.efeito - Z95 * ep, s.efeito + Z95 * ep];
}
