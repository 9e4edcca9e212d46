/**
 * Compliance with MAPA's rules (docs/api.md "Compliance with MAPA rules", issue 34): the answer of
 * GET /api/experiments/:id/conformidade, shown in the form while planning, on the trial's report
 * and in its technical PDF. The rules themselves are declared in one table (conformidade-regras.ts).
 */

/** The norms the checklist knows. */
export const NORMAS = ['in53'] as const;
export type Norma = (typeof NORMAS)[number];

export const NORMA_TITULO: Readonly<Record<Norma, string>> = {
  in53: 'IN MAPA nº 53/2013 (fertilizantes, corretivos, inoculantes e biofertilizantes), art. 37 a 42, com as alterações da IN 6/2016 e da IN 3/2020',
};

export type SituacaoRegra = 'atende' | 'nao_atende' | 'nao_se_aplica' | 'pendente';
export const SITUACAO_REGRA_LABEL: Readonly<Record<SituacaoRegra, string>> = {
  atende: 'Atende',
  nao_atende: 'Não atende',
  nao_se_aplica: 'Não se aplica',
  pendente: 'Pendente',
};

/** One rule's verdict on one trial. */
export interface RegraConformidade {
  /** Stable code: `gl_residuo`, `testemunha_absoluta`, `padrao`, `analise_estatistica`, `regressao_doses`, `eficiencia_relativa`… */
  codigo: string;
  /** What the rule asks, in pt-BR ("Graus de liberdade do resíduo ≥ 15"). */
  titulo: string;
  /** Where the norm says it ("IN 53/2013, art. 38"). */
  referencia: string;
  /** true: holds; false: fails; null: does not apply or cannot be known yet (said in `detalhe`). */
  atende: boolean | null;
  /** The verdict as the checklist shows it: `atende` with "not applicable" and "pending" told apart. */
  situacao: SituacaoRegra;
  /** The measured value: a number, a text, or (eficiencia_relativa) `[{nome, pct}]`. */
  valor: unknown;
  /** The verdict in words, with the numbers ("12 graus de liberdade do resíduo: mínimo 15"). */
  detalhe: string;
  /** What to change for it to hold ("Com 4 blocos: 15 graus de liberdade"); null when it holds or nothing helps. */
  sugestao: string | null;
}

export interface ConformidadeResponse {
  norma: Norma;
  /** The norm's full name, as the report cites it. */
  normaTitulo: string;
  /** Every rule that applies holds. */
  atende: boolean;
  regras: RegraConformidade[];
}

/** Relative agronomic efficiency of one tested treatment: (Y − Y testemunha) / (Y padrão − Y testemunha) × 100. */
export interface EficienciaRelativa {
  nome: string;
  pct: number | null;
}

/**
 * A trial's verdict under a norm, as the experiment stores it and the dashboard filters by it:
 * `atende` when every rule that applies holds, `nao_atende` when one fails, `pendente` when none fails
 * but one cannot be known yet (a planned trial has no yields to analyse).
 */
export const VEREDITOS = ['atende', 'nao_atende', 'pendente'] as const;
export type Veredito = (typeof VEREDITOS)[number];

export const VEREDITO_LABEL: Readonly<Record<Veredito, string>> = {
  atende: 'Atende à IN 53/2013',
  nao_atende: 'Não atende à IN 53/2013',
  pendente: 'Pendente (sem produtividades)',
};

export function veredito(c: Pick<ConformidadeResponse, 'regras'>): Veredito {
  if (c.regras.some((r) => r.situacao === 'nao_atende')) return 'nao_atende';
  return c.regras.some((r) => r.situacao === 'pendente') ? 'pendente' : 'atende';
}
