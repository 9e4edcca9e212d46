/**
 * CSV for Excel in pt-BR: `;` between fields, decimal comma, CRLF, and a UTF-8 BOM so accents
 * open correctly. The experiments' file has one row per treatment (an experiment without treatments
 * still gets a row); the assessments' file is long: one row per treatment × assessment, with the
 * mean and each plot's value.
 */
import { formatIsoDate } from '../../../shared/format.js';
import type { Experiment, Tratamento } from '../../../shared/experiment.js';
import { EXPERIMENT_FIELDS, TREATMENT_FIELDS } from '../../../shared/fields/catalogue.js';
import { type Field, fieldTitle, namesOf } from '../../../shared/fields/kinds.js';
import { TIPO_AVALIACAO_LABEL, mediaParcelas } from '../../../shared/assessments.js';
import { MAX_BLOCKS } from '../../../shared/constants.js';

export const CSV_BOM = '\uFEFF';

/** The catalogue's CSV columns, in the form's order. */
const EXPERIMENT_COLUMNS = namesOf(EXPERIMENT_FIELDS, (f) => Boolean(f.csv) && f.kind !== 'list') as (keyof Experiment &
  keyof typeof EXPERIMENT_FIELDS)[];
const TREATMENT_COLUMNS = namesOf(TREATMENT_FIELDS, (f) => Boolean(f.csv) && f.kind !== 'list') as (keyof Tratamento &
  keyof typeof TREATMENT_FIELDS)[];

export const CSV_HEADER: readonly string[] = [
  'ID',
  ...EXPERIMENT_COLUMNS.map((name) => fieldTitle(EXPERIMENT_FIELDS[name])),
  'Produtividade média (kg/ha)',
  'Documento PDF',
  'Tratamento',
  ...TREATMENT_COLUMNS.map((name) => fieldTitle(TREATMENT_FIELDS[name])),
  fieldTitle(TREATMENT_FIELDS.produtos_aplicados),
];

type Cell = string | number | null | undefined;

/** A number with a decimal comma and no thousands separator (what Excel pt-BR reads as a number). */
export function csvNumber(v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '';
  return String(Math.round(v * 1e6) / 1e6).replace('.', ',');
}

export function csvField(v: Cell): string {
  const s = typeof v === 'number' ? csvNumber(v) : (v ?? '');
  // A leading = + - @ would be read by spreadsheets as a formula: neutralise it.
  const safe = /^[=+\-@]/.test(s) && typeof v !== 'number' ? `'${s}` : s;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(fields: Cell[]): string {
  return `${fields.map(csvField).join(';')}\r\n`;
}

/** A stored value as a cell: numbers and text as they are, anything else (a list) left out. */
const cell = (v: unknown): Cell => (typeof v === 'number' || typeof v === 'string' ? v : v === null ? null : undefined);

/** A field's value as a cell: a coded choice by its label ("padrao" → "Padrão (referência)"). */
const fieldCell = (field: Field, v: unknown): Cell => {
  const label = field.kind === 'choice' && typeof v === 'string' ? field.optionLabels?.[v] : undefined;
  return label ?? cell(v);
};

const productsCell = (t: Tratamento): string =>
  t.produtos_aplicados
    .map((p) =>
      [
        p.nome,
        p.dose !== null ? `dose ${[csvNumber(p.dose), p.unidade].filter(Boolean).join(' ')}` : '',
        p.custo !== null ? `R$ ${csvNumber(p.custo)}` : '',
      ]
        .filter(Boolean)
        .join(' '),
    )
    .join(' | ');

export function experimentCsvLines(e: Experiment): string {
  const base: Cell[] = [e.id, ...EXPERIMENT_COLUMNS.map((name) => cell(e[name])), e.produtividade_media, e.pdf_filename ?? ''];
  const treatmentCells = TREATMENT_COLUMNS.length + 2;
  if (e.tratamentos.length === 0) return csvLine([...base, ...Array<Cell>(treatmentCells).fill('')]);
  return e.tratamentos
    .map((t, i) =>
      csvLine([...base, `T${i + 1}`, ...TREATMENT_COLUMNS.map((name) => fieldCell(TREATMENT_FIELDS[name], t[name])), productsCell(t)]),
    )
    .join('');
}

export const ASSESSMENT_CSV_HEADER: readonly string[] = [
  'ID',
  fieldTitle(EXPERIMENT_FIELDS.cultura),
  fieldTitle(EXPERIMENT_FIELDS.cidade),
  fieldTitle(EXPERIMENT_FIELDS.estado),
  fieldTitle(EXPERIMENT_FIELDS.ano),
  'Tratamento',
  fieldTitle(TREATMENT_FIELDS.nome),
  'Avaliação',
  'Unidade',
  'Tipo',
  'Data',
  'Estádio',
  'Alvo',
  'Média',
  'Parcelas com valor',
  ...Array.from({ length: MAX_BLOCKS }, (_, j) => `Bloco ${j + 1}`),
];

/** "14/01/2026": the date as Excel pt-BR reads it. */

/** The experiment's assessments, one row per treatment × assessment: mean of the rated plots and each plot's value (empty: not rated). */
export function assessmentCsvLines(e: Experiment): string {
  return e.avaliacoes
    .flatMap((a) =>
      e.tratamentos.map((t, i) => {
        const plots = t.observacoes?.[a.chave] ?? [];
        const { media, n } = mediaParcelas(plots);
        return csvLine([
          e.id,
          e.cultura,
          e.cidade,
          e.estado,
          e.ano,
          `T${i + 1}`,
          t.nome,
          a.nome,
          a.unidade,
          TIPO_AVALIACAO_LABEL[a.tipo],
          formatIsoDate(a.data),
          a.estadio ?? '',
          a.alvo ?? '',
          media,
          n,
          ...Array.from({ length: MAX_BLOCKS }, (_, j) => plots[j] ?? null),
        ]);
      }),
    )
    .join('');
}
