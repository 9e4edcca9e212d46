/**
 * Assessments: what a trial rates per plot besides yield (severity on a date, plant height, SPAD…).
 * The experiment declares each one (`avaliacoes`: key, name, unit, type, date, stage, target,
 * scale); each treatment holds one value per plot for each (`observacoes[chave]`, in the order of
 * its plot yields), null for a plot not rated. The type decides what a value may be; the messages
 * name the value and the rule, so a refused cell says why (docs/product-rules.md#assessments).
 */
import { MAX_AVALIACOES, MAX_BLOCKS, type TipoAvaliacao } from './constants.js';
import { ASSESSMENT_FIELDS } from './fields/catalogue.js';
import { scalarShape } from './fields/kinds.js';
import { EXP_MSG } from './fields/messages.js';
import { formatNumber, formatIsoDate } from './format.js';
import { z } from './zod.js';

export const CHAVE_AVALIACAO = /^[a-z0-9_-]{1,40}$/;
const DATA_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date written YYYY-MM-DD that exists (no 31/02). */
export function isIsoDate(text: string): boolean {
  const m = DATA_ISO.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** The types as the form names them. */
export const TIPO_AVALIACAO_LABEL: Readonly<Record<TipoAvaliacao, string>> = {
  porcentagem: 'Porcentagem (0–100)',
  contagem: 'Contagem (inteiros)',
  nota: 'Nota (escala)',
  medida: 'Medida (≥ 0)',
};

const emptyAsNull = (v: string) => v || null;

/** One assessment as the API and the form validate it. */
export const avaliacaoSchema = z
  .object(
    {
      ...scalarShape(ASSESSMENT_FIELDS),
      chave: ASSESSMENT_FIELDS.chave.schema.pipe(z.string().regex(CHAVE_AVALIACAO, EXP_MSG.avaliacaoChaveFormato)),
      data: z
        .union([z.string(), z.null()], { error: EXP_MSG.avaliacaoDataInvalida })
        .optional()
        .transform((v) => (v ?? '').trim())
        .refine((v) => v === '' || isIsoDate(v), EXP_MSG.avaliacaoDataInvalida)
        .transform(emptyAsNull),
      estadio: ASSESSMENT_FIELDS.estadio.schema.nullable().transform((v) => emptyAsNull(v ?? '')),
      alvo: ASSESSMENT_FIELDS.alvo.schema.nullable().transform((v) => emptyAsNull(v ?? '')),
    },
    { error: EXP_MSG.avaliacaoInvalida },
  )
  .superRefine((a, ctx) => {
    if (a.tipo !== 'nota') return;
    if (a.escala_min === null || a.escala_max === null) {
      ctx.addIssue({ code: 'custom', path: [a.escala_min === null ? 'escala_min' : 'escala_max'], message: EXP_MSG.escalaRequired });
    } else if (a.escala_max <= a.escala_min) {
      ctx.addIssue({ code: 'custom', path: ['escala_max'], message: EXP_MSG.escalaOrdem });
    }
  })
  // A scale belongs to scores only: a percentage that once was a score keeps no stale bounds.
  .transform((a) => (a.tipo === 'nota' ? a : { ...a, escala_min: null, escala_max: null }));

export type Avaliacao = z.output<typeof avaliacaoSchema>;
export type AvaliacaoInput = z.input<typeof avaliacaoSchema>;

export const avaliacoesSchema = z
  .array(avaliacaoSchema, { error: EXP_MSG.avaliacoesInvalidas })
  .max(MAX_AVALIACOES, EXP_MSG.avaliacoesTooMany)
  .default([])
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((a, i) => {
      if (seen.has(a.chave)) ctx.addIssue({ code: 'custom', path: [i, 'chave'], message: EXP_MSG.avaliacaoChaveRepetida });
      seen.add(a.chave);
    });
  });

/** A cell: a number, or empty (null: the plot was not rated). A text that is not a number is refused. */
const cell = z.preprocess((v) => (v === '' || v === undefined ? null : v), z.number({ error: EXP_MSG.numberInvalid }).nullable());

/** A treatment's plot values per assessment key, before they are checked against the assessments' types. */
export const observacoesSchema = z
  .record(z.string(), z.array(cell, { error: EXP_MSG.observacoesInvalidas }).max(MAX_BLOCKS, EXP_MSG.observacoesTooMany), {
    error: EXP_MSG.observacoesInvalidas,
  })
  .default({});

export type Observacoes = z.output<typeof observacoesSchema>;

/** What an assessment's type allows of one value. */
type Regra = Pick<Avaliacao, 'tipo' | 'escala_min' | 'escala_max'>;

const n = (v: number) => formatNumber(v, 2);

/**
 * Why a value does not fit its assessment's type, in pt-BR and naming the value; null when it fits.
 * The grid shows it in the cell, and the API answers it under the cell's path.
 */
export function valueProblem(value: number, a: Regra): string | null {
  if (!Number.isFinite(value)) return EXP_MSG.numberInvalid;
  switch (a.tipo) {
    case 'porcentagem':
      return value < 0 || value > 100 ? `${n(value)} não é uma porcentagem válida: use de 0 a 100` : null;
    case 'contagem':
      if (!Number.isInteger(value)) return `${n(value)} não é uma contagem: use números inteiros`;
      return value < 0 ? `${n(value)} não é uma contagem: use 0 ou mais` : null;
    case 'nota': {
      const min = a.escala_min ?? 0;
      const max = a.escala_max ?? 0;
      if (!Number.isInteger(value) || value < min || value > max)
        return `${n(value)} está fora da escala: use notas inteiras de ${min} a ${max}`;
      return null;
    }
    case 'medida':
      return value < 0 ? `${n(value)} é negativo: a medida deve ser 0 ou mais` : null;
  }
}

export interface ObservacaoIssue {
  path: ['tratamentos', number, 'observacoes', string] | ['tratamentos', number, 'observacoes', string, number];
  message: string;
}

/**
 * Every treatment's plot values checked against the assessments they belong to: a key the
 * experiment does not declare, and each value its type forbids, at the cell's path.
 */
export function observacaoIssues(value: unknown): ObservacaoIssue[] {
  if (typeof value !== 'object' || value === null) return [];
  const e = value as { avaliacoes?: unknown; tratamentos?: unknown };
  if (!Array.isArray(e.tratamentos)) return [];
  const declared = new Map<string, Regra>();
  if (Array.isArray(e.avaliacoes)) {
    for (const a of e.avaliacoes as unknown[]) {
      const r = (typeof a === 'object' && a !== null ? a : {}) as Partial<Record<keyof Regra | 'chave', unknown>>;
      if (typeof r.chave !== 'string') continue;
      const bound = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
      declared.set(r.chave, { tipo: r.tipo as TipoAvaliacao, escala_min: bound(r.escala_min), escala_max: bound(r.escala_max) });
    }
  }
  const issues: ObservacaoIssue[] = [];
  e.tratamentos.forEach((t: unknown, i) => {
    const obs = typeof t === 'object' && t !== null ? (t as { observacoes?: unknown }).observacoes : undefined;
    if (typeof obs !== 'object' || obs === null) return;
    for (const [chave, values] of Object.entries(obs)) {
      const regra = declared.get(chave);
      if (!regra) {
        issues.push({ path: ['tratamentos', i, 'observacoes', chave], message: EXP_MSG.avaliacaoDesconhecida });
        continue;
      }
      if (!Array.isArray(values)) continue;
      values.forEach((v: unknown, j) => {
        if (typeof v !== 'number') return;
        const problem = valueProblem(v, regra);
        if (problem) issues.push({ path: ['tratamentos', i, 'observacoes', chave, j], message: problem });
      });
    }
  });
  return issues;
}

/**
 * A new key for an assessment named `nome`: its words without accents, joined by "-", and a
 * number when the experiment already has it ("severidade", "severidade-2").
 */
export function novaChave(nome: string, taken: Iterable<string>): string {
  const base =
    nome
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 30) || 'avaliacao';
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let i = 2; ; i += 1) if (!used.has(`${base}-${i}`)) return `${base}-${i}`;
}

/**
 * "Severidade (%) · 14/01/2026, R1, 14 DAA": how lists and selectors name an assessment; the days
 * after the application (`daa`, which the API adds to a stored experiment's assessments) when known.
 */
export function rotuloAvaliacao(a: Pick<Avaliacao, 'nome' | 'unidade' | 'data' | 'estadio'> & { daa?: number | null }): string {
  const unit = a.unidade ? ` (${a.unidade})` : '';
  const daa = a.daa === null || a.daa === undefined ? '' : `${a.daa} DAA`;
  const when = [formatIsoDate(a.data), a.estadio ?? '', daa].filter(Boolean).join(', ');
  return `${a.nome}${unit}${when ? ` · ${when}` : ''}`;
}

type Preset = Pick<Avaliacao, 'unidade' | 'tipo' | 'escala_min' | 'escala_max'>;
const medida = (unidade: string): Preset => ({ unidade, tipo: 'medida', escala_min: null, escala_max: null });
const contagem = (unidade: string): Preset => ({ unidade, tipo: 'contagem', escala_min: null, escala_max: null });
const porcentagem: Preset = { unidade: '%', tipo: 'porcentagem', escala_min: null, escala_max: null };

/**
 * The unit and type a suggested name usually has, proposed when the name is picked and the unit and
 * type are still empty (the user may change them). Names are compared in lower case.
 */
export const PRESETS_AVALIACAO: Readonly<Record<string, Preset>> = {
  severidade: porcentagem,
  incidência: porcentagem,
  controle: porcentagem,
  desfolha: porcentagem,
  fitotoxicidade: { unidade: 'nota', tipo: 'nota', escala_min: 1, escala_max: 9 },
  'índice spad': medida('índice SPAD'),
  'índice de clorofila': medida('índice SPAD'),
  'altura de plantas': medida('cm'),
  'número de vagens': contagem('unidades'),
  'número de grãos por vagem': medida('unidades'),
  'peso de 1000 grãos': medida('g'),
  'número de frutos': contagem('unidades'),
  'stand final': medida('plantas/m²'),
  'área foliar': medida('cm²'),
  acamamento: porcentagem,
};

/** The mean of the rated plots (null: none rated), and how many were rated. */
export function mediaParcelas(values: readonly (number | null)[] | undefined): { media: number | null; n: number } {
  const rated = (values ?? []).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  return { media: rated.length ? rated.reduce((a, b) => a + b, 0) / rated.length : null, n: rated.length };
}

/**
 * An assessment declared from an additional analysis (one number per treatment): its name and unit,
 * the type its name usually has (else a measure), a key of its own. Its plot values are then typed
 * in the assessment's grid; the analysis itself stays as it was.
 */
export function avaliacaoDeAnalise(
  analise: { nome: string; unidade: string },
  taken: Iterable<string>,
): Pick<Avaliacao, 'chave' | 'nome' | 'unidade' | 'tipo' | 'escala_min' | 'escala_max'> {
  const nome = analise.nome.trim();
  const preset = PRESETS_AVALIACAO[nome.toLocaleLowerCase('pt-BR')];
  return {
    chave: novaChave(nome || 'avaliacao', taken),
    nome,
    unidade: analise.unidade.trim() || preset?.unidade || '',
    tipo: preset?.tipo ?? 'medida',
    escala_min: preset?.escala_min ?? null,
    escala_max: preset?.escala_max ?? null,
  };
}
