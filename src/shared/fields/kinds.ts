/**
 * The kinds of field the catalogue (catalogue.ts) is made of: how each kind reads and checks what
 * was typed or sent (its zod schema), what a new form starts with, and how a value is shown.
 */
import { z } from '../zod.js';
import { type Axis, parseDecimal } from '../decimal.js';
import { formatBRL, formatNumber } from '../format.js';
import type { SoilClass } from '../soil.js';
import { EXP_MSG } from './messages.js';

/** The wizard step a field is typed in (step 7 is the PDF upload). */
export type Step = 1 | 2 | 3 | 4 | 5 | 6;

/** The sections of the details modal (docs/product-rules.md#details-modal) a field can be shown in. */
export type DetailSection = 'basicas' | 'local' | 'solo' | 'resultados';

/** What every field declares besides its kind. */
export interface FieldMeta {
  /** The pt-BR name, without the unit. */
  label: string;
  /** Shown after the label, in parentheses: "Teor de argila (%)". */
  unit?: string;
  /** Help under the form's input. */
  hint?: string;
  /** The empty option of the form's list. */
  placeholder?: string;
  /** Only where a screen's verbatim text (docs/product-rules.md) words the label differently. */
  labels?: { details?: string; audit?: string };
  /** Experiment fields: the wizard step. */
  step?: Step;
  /** A column of the CSV export. */
  csv?: boolean;
  /** Compared, and named, in the audit trail of an update. */
  audited?: boolean;
  /** Proposed by the PDF extraction (built-in reader and LLM). */
  extract?: boolean;
  /** A variable of the correlation explorer: its position in the explorer's lists. */
  correlation?: number;
  /** The details modal's section that shows it. */
  details?: DetailSection;
  /** The API also takes null (trials imported without the measurement); the form never sends it. */
  nullableInApi?: boolean;
  /** Free text with these suggestions (a <datalist>): any other text is accepted too. */
  suggestions?: readonly string[];
  /** The form's options come from a lookup list (the API checks them against the reference data). */
  lookup?: 'marcas' | 'regionais' | 'estados' | 'culturas';
  /** An interpretation scale shown under the input (soil classes). */
  scale?: { caption: string; classes: readonly SoilClass[]; classify: (value: number | null) => SoilClass | null };
}

/** The kinds that are typed as numbers (in the form: a number or the text being typed). */
export type NumericKind = 'number' | 'money' | 'coordinate';

/**
 * A number typed in a form or sent by a client: '' / null / undefined mean "empty"; strings are
 * read by the product's one number parser (decimal.ts: pt-BR or plain; a coordinate's dot is
 * always decimal). Anything else that is not a finite number is an error.
 */
const toNumber =
  (kind: NumericKind = 'number') =>
  (v: unknown): unknown => {
    if (v === '' || v === null || v === undefined) return undefined;
    if (typeof v !== 'string') return v;
    const read = parseDecimal(v, { kind });
    return read.ok ? (read.value ?? undefined) : Number.NaN;
  };

const finite = (required: string) =>
  z.number({ error: (iss) => (iss.input === undefined ? required : EXP_MSG.numberInvalid) }).refine(Number.isFinite, EXP_MSG.numberInvalid);

/** A required number. */
const requiredNumber = (required: string, kind?: NumericKind) => z.preprocess(toNumber(kind), finite(required));

const anyNumber = () => z.number({ error: EXP_MSG.numberInvalid }).optional();

/* ---------- text and choices ---------- */

interface TextSpec extends FieldMeta {
  /** The message when empty; without it the field is optional and empty is ''. */
  required?: string;
  max: number;
  /** A minimum length and its message, checked after the required check. */
  min?: readonly [number, string];
}

export function text<const S extends TextSpec>(spec: S) {
  const { required, max, min } = spec;
  let schema: z.ZodType<string, unknown>;
  if (!required) schema = z.string().trim().max(max, EXP_MSG.textTooLong).default('');
  else {
    // No `abort` on the required check: an aborting issue would also skip the treatment-level checks.
    const base = z.string({ error: required }).trim().min(1, required).max(max, EXP_MSG.textTooLong);
    schema = min ? base.pipe(z.string().min(min[0], min[1])) : base;
  }
  return { ...spec, kind: 'text' as const, default: '' as const, schema };
}

interface ChoiceSpec<O extends readonly [string, ...string[]]> extends FieldMeta {
  options: O;
  /** What each option reads as in a list, when its value is a code ("em_andamento" → "Em andamento"). */
  optionLabels?: Readonly<Record<O[number], string>>;
  /** The message for empty and for unknown values alike. */
  required: string;
  /** The value of a field not sent (clients from before the field existed) and a new form's choice. */
  absent?: O[number];
}

export function choice<const S extends ChoiceSpec<readonly [string, ...string[]]>>(spec: S) {
  const options = z.enum(spec.options, { error: spec.required });
  const schema: z.ZodType<S['options'][number], unknown> =
    spec.absent === undefined ? options : z.preprocess((v) => (v === undefined || v === null || v === '' ? spec.absent : v), options);
  return { ...spec, kind: 'choice' as const, default: (spec.absent ?? '') as S['absent'] extends string ? S['absent'] : '', schema };
}

/**
 * A choice that may be left unset: empty, null or absent is null (the treatment's role: a treatment
 * need not have one). An unknown value is refused with `invalid`.
 */
export function optionalChoice<
  const S extends Omit<ChoiceSpec<readonly [string, ...string[]]>, 'required' | 'absent'> & { invalid: string },
>(spec: S) {
  const schema: z.ZodType<S['options'][number] | null, unknown> = z.preprocess(
    (v) => (v === undefined || v === '' ? null : v),
    z.enum(spec.options, { error: spec.invalid }).nullable(),
  );
  // A new form's select starts on its empty option ("Não informado"), which the schema reads as null.
  return { ...spec, kind: 'choice' as const, default: '' as const, schema };
}

/* ---------- numbers ---------- */

interface NumberSpec extends FieldMeta {
  kind: NumericKind;
  /** Coordinates: which one, so the input also reads degrees-minutes-seconds with N/S or L/O. */
  axis?: Axis;
  /** The message when empty; without it an empty input becomes null (or `emptyAs`). */
  required?: string;
  /** Optional fields where a typed 0 also means "not given" (coordinates, ROI; docs/product-rules.md#experiment-fields). */
  zeroIsEmpty?: boolean;
  /** What an empty optional input becomes instead of null. */
  emptyAs?: 0;
  min?: number;
  minMessage?: string;
  max?: number;
  maxMessage?: string;
  /** Whole numbers only: the message otherwise. */
  integer?: string;
  /** Decimal places the input accepts (its `step`). */
  decimals: number;
  /** Values are rounded to `decimals` when stored. */
  round?: boolean;
  /** The form offers these values in a list (years). */
  options?: readonly number[];
  /** What a new form starts with: a number, or null for empty (never a pre-filled 0). */
  default: number | null;
}

type NumberOut<S> = S extends { required: string } ? number : S extends { emptyAs: 0 } ? number : number | null;

export function number<const S extends NumberSpec>(spec: S) {
  let bounds = z.number();
  if (spec.integer) bounds = bounds.int(spec.integer);
  if (spec.min !== undefined) bounds = bounds.min(spec.min, spec.minMessage);
  if (spec.max !== undefined) bounds = bounds.max(spec.max, spec.maxMessage);
  const factor = 10 ** spec.decimals;
  const rounded = (v: number | null) => (spec.round && v !== null ? Math.round(v * factor) / factor : v);
  let schema: z.ZodType<number | null, unknown>;
  if (spec.required) schema = requiredNumber(spec.required, spec.kind).pipe(bounds);
  else {
    const read = z.preprocess(toNumber(spec.kind), anyNumber());
    const optional = spec.zeroIsEmpty
      ? read.transform((v) => (v === undefined || v === 0 ? null : v)).pipe(bounds.nullable())
      : read.transform((v) => v ?? null).pipe(bounds.nullable());
    schema = spec.emptyAs === 0 ? optional.transform((v) => v ?? 0) : optional.transform(rounded);
  }
  // The branches above build exactly the output NumberOut<S> names for the spec's options.
  return { ...spec, schema: schema as z.ZodType<NumberOut<S>, unknown> };
}

/* ---------- replicates and nested lists ---------- */

/**
 * Whether `v` has at most `decimals` decimal places (as typed: the number nearest to a decimal
 * with that many places). Finer differences than that are measurement noise at best, and in the
 * trial analysis they are below floating-point resolution: an ANOVA of 1000 and 1000.00000000001
 * is all rounding error.
 */
export const hasAtMostDecimals = (v: number, decimals: number): boolean => Number(v.toFixed(decimals)) === v;

/** Plot yields (kg/ha), one per block; empty or absent means none. */
export function replicates<const S extends FieldMeta & { max: number; valueMax: number; decimals: number }>(spec: S) {
  const plot = z
    .number()
    .min(0, EXP_MSG.produtividadePositive)
    .max(spec.valueMax, EXP_MSG.produtividadeMax)
    .refine((v) => hasAtMostDecimals(v, spec.decimals), EXP_MSG.repeticaoDecimais);
  const blank = (v: unknown) => v === '' || v === null || v === undefined;
  // A grid left wholly empty is no plot yields (a planned trial's blocks, before the harvest).
  const schema = z.preprocess(
    (v) => (Array.isArray(v) && v.every(blank) ? undefined : v),
    z
      .array(requiredNumber(EXP_MSG.repeticaoRequired).pipe(plot))
      .max(spec.max, EXP_MSG.repeticoesFaixa)
      .nullish()
      .transform((v) => (v && v.length ? v : undefined)),
  );
  return { ...spec, kind: 'replicates' as const, schema };
}

/** A nested list (treatments, products, analyses): its schema is built where its rules live (experiment.ts). */
export function list<const S extends FieldMeta>(spec: S) {
  return { ...spec, kind: 'list' as const };
}

export type TextField = TextSpec & { kind: 'text'; default: ''; schema: z.ZodType };
export type ChoiceField = FieldMeta & {
  kind: 'choice';
  options: readonly string[];
  optionLabels?: Readonly<Record<string, string>>;
  default: string;
  schema: z.ZodType;
};
export type NumberField = NumberSpec & { schema: z.ZodType };
export type ReplicatesField = FieldMeta & { kind: 'replicates'; max: number; valueMax: number; decimals: number; schema: z.ZodType };
export type ListField = FieldMeta & { kind: 'list' };
export type Field = TextField | ChoiceField | NumberField | ReplicatesField | ListField;
export type Fields = Readonly<Record<string, Field>>;

/* ---------- derived from a set of fields ---------- */

/** The zod shape of the fields of step `S` that carry a schema. */
export type StepShape<F, S extends Step> = {
  [K in keyof F as F[K] extends { step: S; schema: z.ZodType } ? K : never]: F[K] extends { schema: infer Z } ? Z : never;
};

/** The zod shape of every field that carries a schema (lists are added by their owner). */
export type ScalarShape<F> = {
  [K in keyof F as F[K] extends { schema: z.ZodType } ? K : never]: F[K] extends { schema: infer Z } ? Z : never;
};

const hasSchema = (f: Field): f is Exclude<Field, ListField> => 'schema' in f;

export function stepShape<F extends Fields, S extends Step>(fields: F, step: S): StepShape<F, S> {
  const entries = Object.entries(fields).flatMap(([name, f]) => (f.step === step && hasSchema(f) ? [[name, f.schema] as const] : []));
  // Object.fromEntries types its result as a plain record; the filter is the one StepShape describes.
  return Object.fromEntries(entries) as StepShape<F, S>;
}

export function scalarShape<F extends Fields>(fields: F): ScalarShape<F> {
  const entries = Object.entries(fields).flatMap(([name, f]) => (hasSchema(f) ? [[name, f.schema] as const] : []));
  return Object.fromEntries(entries) as ScalarShape<F>;
}

/** The names of the fields, in declaration order, that satisfy `pick`. */
export function namesOf<F extends Fields>(fields: F, pick: (f: Field) => boolean = () => true): (keyof F & string)[] {
  return Object.keys(fields).filter((name) => pick(fields[name]!));
}

/**
 * A field's value as the form holds it. Numbers: a number, null when empty, NaN for a text that is
 * not a number (the number input reports these); a string where a native control writes one (the
 * year's <select>) or a value from before numbers were typed the pt-BR way (drafts, extraction) still sits.
 */
export type FormScalars<F> = {
  [K in keyof F as F[K] extends { default: unknown } ? K : never]: F[K] extends { kind: NumericKind } ? number | string | null : string;
};

/** What a new form starts with for these fields (lists and replicates are the form's own). */
export function formDefaults<F extends Fields>(fields: F): FormScalars<F> {
  const entries = Object.entries(fields).flatMap(([name, f]) => ('default' in f ? [[name, f.default] as const] : []));
  return Object.fromEntries(entries) as FormScalars<F>;
}

/* ---------- labels and values ---------- */

/** "Teor de argila (%)": the label with its unit, as column headers and inputs show it. */
export const fieldTitle = (f: FieldMeta): string => (f.unit ? `${f.label} (${f.unit})` : f.label);

/** Whether the form marks the field as required (the schema enforces it). */
export const isRequired = (f: Field): boolean => f.kind === 'choice' || ('required' in f && Boolean(f.required));

export const isNumeric = (f: Field): f is NumberField => f.kind === 'number' || f.kind === 'money' || f.kind === 'coordinate';

/** A value for reading: money in R$, whole numbers (years) without separators, '%' glued on. */
export function formatFieldValue(f: Field, value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value !== 'number' || !isNumeric(f)) return String(value);
  if (f.kind === 'money') return formatBRL(value);
  if (f.integer) return String(Math.round(value));
  const n = formatNumber(value, f.kind === 'coordinate' ? f.decimals : 1);
  if (!f.unit) return n;
  return f.unit === '%' ? `${n}%` : `${n} ${f.unit}`;
}
