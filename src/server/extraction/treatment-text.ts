/**
 * The words of treatments: modes of application ("via foliar" → Foliar), controls, summary rows
 * of a results table, row codes ("T2 –", "3.", "(4)") and the cleaning of a treatment's name
 * out of its description ("Produto X, 2 L/ha, via foliar em V4" → "Produto X", Foliar).
 */
import { type MODALIDADES } from '../../shared/constants.js';
import { findNumbers, yieldScaleAfter, type YieldScale } from './numbers.js';
import type { CompiledReference } from './reference.js';
import { cleanValue, fold, key, tidyCase } from './text.js';

export type Modalidade = (typeof MODALIDADES)[number];

/**
 * Wordings of each mode, on folded text. Product names are removed before matching, so that
 * "Maximus TS" or "Dimicron Fósforo Foliar" do not decide the mode of their treatment.
 */
const MODE_PATTERNS: [RegExp, Modalidade][] = [
  [/(?<![a-z0-9])(tratamento de sementes?|trat\.? de sementes?|via sementes?|nas sementes|sementes?|ts)(?![a-z0-9])/, 'Sementes'],
  [/(?<![a-z0-9])(no sulco|sulco de (plantio|semeadura)|via sulco|sulco|in furrow)(?![a-z0-9])/, 'Sulco'],
  [/(?<![a-z0-9])(em cobertura|cobertura)(?![a-z0-9])/, 'Cobertura'],
  [/(?<![a-z0-9])(incorporad[oa]s?|incorporacao|ppi)(?![a-z0-9])/, 'Incorporado'],
  [/(?<![a-z0-9])(via foliar|foliares|foliar|pulverizacao|pulverizad[oa]s?)(?![a-z0-9])/, 'Foliar'],
  [
    /(?<![a-z0-9])(no solo|via solo|ao solo|solo|drench|area total|fertirrigacao|fertirrigad[oa]|gotejo|gotejamento|jato dirigido|a lanco|lanco)(?![a-z0-9])/,
    'Solo',
  ],
];

export function stripProducts(text: string, c: CompiledReference): string {
  let f = fold(text);
  for (const p of c.allProducts) {
    p.re.lastIndex = 0;
    f = f.replace(p.re, (m) => ' '.repeat(m.length));
  }
  return f;
}

/** The mode a text names first ("via foliar" → Foliar, "TS" → Sementes…), or null. */
export function normalizeModalidade(text: string, c?: CompiledReference): Modalidade | null {
  const f = c ? stripProducts(text, c) : fold(text);
  let best: { mode: Modalidade; at: number } | null = null;
  for (const [re, mode] of MODE_PATTERNS) {
    const m = re.exec(f);
    if (m && (!best || m.index < best.at)) best = { mode, at: m.index };
  }
  return best?.mode ?? null;
}

/** Every mode a text names ("via foliar e no sulco" → Foliar, Sulco). */
export function modesNamedIn(text: string, c?: CompiledReference): Set<Modalidade> {
  const f = c ? stripProducts(text, c) : fold(text);
  return new Set(MODE_PATTERNS.filter(([re]) => re.test(f)).map(([, mode]) => mode));
}

/** Whether a treatment name is the untreated control. */
export function isControl(name: string): boolean {
  const f = key(name);
  return /(^|\s)(testemunha|controle|check|sem aplicacao|nao tratad[oa])(\s|$)/.test(f);
}

/** Rows of a results table that summarise rather than name a treatment. */
export function isSummaryRow(name: string): boolean {
  const f = key(name);
  return /^(media|medias|media geral|produtividade media|cv|c v|coeficiente|dms|d m s|total|desvio|erro|f|p|valor|teste|tukey|scott|significancia|residuo|blocos?)(\s|$)/.test(
    f,
  );
}

/** "T2", "T2 -", "T 2:" or a bare number followed by a separator ("2.", "2)", "2 –", "(2)"). */
export const ID_RE = /^\s*(?:T\s?-?\s?(\d{1,2})(?![\d,.])\s*(?:[-–—:.)]\s*)?|\(?(\d{1,2})\s*[.)–—-]\s+(?=\D)|\((\d{1,2})\)\s*)/i;
export const idOf = (m: RegExpExecArray) => Number(m[1] ?? m[2] ?? m[3]);

/**
 * A name that swallowed the values of its row ("Produto X 4.512 a", "Produto Y 61,0 ab"):
 * numbers with a decimal or thousands mark, with mean-test letters, are cut off the end.
 * Numbers that are part of a product's name ("Amino 17", "Potássio 40") stay.
 */
export function dropTrailingValues(name: string): string {
  let out = name;
  for (;;) {
    const next = out.replace(/\s+[-+]?\d{1,3}(?:[.,]\d+)+\s*[a-eA-E]{0,4}$|\s+\d{4,}\s*[a-eA-E]{0,4}$|\s+[a-e]{1,3}$/, '');
    if (next === out) return out;
    out = next;
  }
}

/** "T2 - Produto X (via foliar)" → id 2 and name "Produto X"; modes in parentheses are dropped. */
export function cleanTreatmentName(raw: string, c?: CompiledReference): { id: number | null; nome: string } {
  let text = raw.replace(/\s+/g, ' ').trim();
  let id: number | null = null;
  const m = ID_RE.exec(text);
  if (m) {
    id = idOf(m);
    text = text.slice(m[0].length);
  }
  text = dropTrailingValues(text);
  // A parenthesis that only names the mode ("(TS)", "(via foliar)") is not part of the name, nor is
  // the route after a dash ("Produto X – via foliar em R1", "Produto Y - trat. de sementes").
  text = text.replace(/\s*\(([^)]*)\)/g, (whole, inner: string) => (modeOnly(inner, c) ? '' : whole));
  text = text.replace(/\s+[-–—]\s+(.*)$/, (whole, tail: string) =>
    normalizeModalidade(tail.split(/\s+/).slice(0, 4).join(' '), c) ? '' : whole,
  );
  return { id, nome: tidyCase(cleanValue(text)) };
}

/** A short text that is nothing but a mode ("TS", "via foliar", "no sulco de plantio"). */
function modeOnly(text: string, c?: CompiledReference): boolean {
  const mode = normalizeModalidade(text, c);
  if (!mode) return false;
  const rest = key(text)
    .replace(
      /\b(tratamento|trat|de|das?|nas?|nos?|em|via|sementes?|ts|sulco|plantio|semeadura|cobertura|foliar|solo|incorporad[oa]|aplicacao|aplicado|no|ao|drone|pulverizacao|fertirrigacao|lanco|a)\b/g,
      '',
    )
    .trim();
  return rest.length === 0;
}

/* ---------- described treatments ---------- */

/** A treatment as the methods section describes it (a list item, a table row, a sentence). */
export interface Described {
  id: number | null;
  nome: string;
  mode: Modalidade | null;
  control: boolean;
  /** A yield stated in the description itself ("T1 Testemunha: 3.456 kg/ha"), in `scale`. */
  value: number | null;
  scale: YieldScale | null;
  /** Where it was read. */
  page?: number;
  snippet?: string;
}

/** The catalogue product a text names, longest first ("Dimicron Fósforo Foliar"), as written. */
function productIn(text: string, c: CompiledReference): string | null {
  const f = fold(text);
  let best: { at: number; end: number } | null = null;
  for (const p of c.allProducts) {
    p.re.lastIndex = 0;
    const m = p.re.exec(f);
    if (m && (!best || m[0].length > best.end - best.at)) best = { at: m.index, end: m.index + m[0].length };
  }
  return best ? text.slice(best.at, best.end).trim() : null;
}

/**
 * A dose written before the product, as articles list treatments ("250 mL ha-1 de Produto X",
 * "100 mL/100 kg de sementes de Produto Y", "0,5 L por hectare do Produto Z"): the product is the name.
 */
const LEADING_DOSE =
  /^\s*\d+(?:[.,]\d+)*\s*(?:m?l|kg|g)\b(?:\s*(?:\/|por)?\s*(?:ha|hectare|100\s*kg|kg|t)\b(?:\s*[-−⁻]?\s*[1¹])?(?:\s*[-−⁻]\s*[1¹])*(?:\s+de\s+sementes?)?)*\s+(?:de|do|da)\s+(?=\S)/i;

/** The name a description gives: up to the first comma/semicolon, dose, remarks and mode left out. */
function describedName(text: string, c: CompiledReference): string {
  let nome =
    text
      .replace(LEADING_DOSE, '')
      .replace(/[.;]+\s*$/, '')
      .replace(/\s*\([^)]*\)/g, '')
      .split(/\s*[,;:]\s+|\s+[-–—]\s+/)[0] ?? text;
  // A catalogue product at the start of the description is the name, whole, whatever words it
  // shares with the modes ("… Fósforo Foliar via foliar").
  const product = productIn(nome, c);
  if (product && key(nome).startsWith(key(product))) nome = nome.slice(0, nome.indexOf(product) + product.length);
  else {
    // "Produto X no sulco de plantio" → "Produto X": drop a trailing mode phrase.
    nome = nome.replace(
      /\s+(?:aplicad[oa]s?\s+)?(?:via|no|na|nas|em|ao|por)\s+(?:tratamento de sementes?|sementes?|sulco(?: de (?:plantio|semeadura))?|solo|cobertura|foliar|fertirriga[cç][aã]o|gotejo|pulveriza[cç][aã]o(?: foliar)?)\b.*$/i,
      '',
    );
    nome = nome.replace(/\s+(?:via\s+)?foliar$/i, '');
  }
  // A remark in parentheses ("(sem aplicação)", "(produto concorrente …)") is not the name.
  nome = nome.replace(/\s*\([^)]*\)?/g, '');
  nome = cleanValue(nome.replace(/\d+(?:[.,]\d+)?\s*(?:L|mL|kg|g)\s*(?:\/\s*(?:ha|100\s*kg))?/gi, ''));
  return nome;
}

/** The whole text each description was read from (its products and doses: applied-products.ts). */
const descriptionTexts = new WeakMap<Described, string>();

/** The text a description was read from, when it came from describe(). */
export const descriptionText = (d: Described): string | undefined => descriptionTexts.get(d);

/** A copy of a description (with its page or snippet) that keeps the text it was read from. */
export function sameText<T extends Described>(copy: T, from: Described): T {
  const text = descriptionTexts.get(from);
  if (text !== undefined) descriptionTexts.set(copy, text);
  return copy;
}

/** A described treatment: name up to the first comma/semicolon, dose left out, mode read. */
export function describe(id: number | null, text: string, c: CompiledReference): Described | null {
  const desc = text.replace(/\s+/g, ' ').trim();
  if (!desc) return null;
  const control = isControl(desc);
  const mode = normalizeModalidade(desc, c);
  // A combination ("Produto A no sulco (0,5 L/ha) + Produto B foliar") names each of its products.
  const parts = desc.replace(/\([^)]*\)/g, (m) => m.replace(/\+/g, ' ')).split(/\s+\+\s+/);
  const names = parts.map((part) => describedName(part, c));
  const nome = names.every(Boolean) ? names.join(' + ') : describedName(desc, c);
  // A row of numbers after a code ("T1  8,9  1,15") describes no treatment.
  if (!nome || nome.length > 80 || !/[A-Za-zÀ-ÿ]{2}/.test(nome)) return null;
  const numberBeforeUnit = findNumbers(desc).find((n) => yieldScaleAfter(desc, n.end));
  const scale = numberBeforeUnit ? yieldScaleAfter(desc, numberBeforeUnit.end) : null;
  const described: Described = {
    id,
    nome: nome.charAt(0).toUpperCase() + nome.slice(1),
    mode,
    control,
    value: numberBeforeUnit ? numberBeforeUnit.value : null,
    scale,
  };
  descriptionTexts.set(described, desc);
  return described;
}
