/**
 * The experiment filters (docs/product-rules.md#dashboard-filters): regional, cultura, marca match exactly;
 * ano as an integer; produto as a case-insensitive substring of any applied product's name;
 * avaliacao as an assessment's name, whole, case-insensitive and trimmed; situacao one of a trial's situations;
 * conformidade the trial's stored verdict under IN MAPA 53/2013 (decision 026).
 * Empty means "not set". Shared by the dashboard (URL query) and the API (query string).
 */
import { z } from './zod.js';
import { SITUACOES, type Situacao } from './field-plan.js';
import { VEREDITOS } from './conformidade.js';

export const FILTER_KEYS = ['regional', 'cultura', 'marca', 'ano', 'produto', 'avaliacao', 'situacao', 'conformidade'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/**
 * The longest assessment name (ASSESSMENT_FIELDS.nome in fields/catalogue.ts, kept equal by
 * filters.test.ts): spelled here so the dashboard's bundle does not take in the whole catalogue.
 */
export const AVALIACAO_NOME_MAX = 150;

/** An optional single-line text filter: trimmed, at most `max` characters, no control characters. */
const optionalTextOf = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'Filtro muito longo')
    // eslint-disable-next-line no-control-regex -- control characters are what is refused here
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'Filtro inválido')
    .optional()
    .transform((v) => (v ? v : undefined));

export const optionalText = optionalTextOf(200);

/** An optional query parameter from a fixed list ('' = absent). */
export const choiceParam = <T extends string>(choices: readonly T[], message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): T | undefined => {
      if (v === undefined || v === '') return undefined;
      if (!(choices as readonly string[]).includes(v)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return v as T;
    });

export const filtersSchema = z.object({
  regional: optionalText,
  cultura: optionalText,
  marca: optionalText,
  produto: optionalText,
  avaliacao: optionalTextOf(AVALIACAO_NOME_MAX),
  /**
   * A trial's situation. Absent: lists show every trial and indicators (cards, charts, map,
   * correlation) only concluded ones (indicatorFilters()).
   */
  situacao: choiceParam(SITUACOES, 'Situação inválida'),
  /** The trial's verdict under IN MAPA 53/2013, as its save stored it (decision 026). */
  conformidade: choiceParam(VEREDITOS, 'Conformidade inválida: use atende, nao_atende ou pendente'),
  ano: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1900 || n > 2100) {
        ctx.addIssue({ code: 'custom', message: 'Ano inválido' });
        return z.NEVER;
      }
      return n;
    }),
});

export type Filters = z.output<typeof filtersSchema>;

/** The filters an indicator is computed under: a concluded trial only, unless a situation was chosen. */
export const indicatorFilters = <F extends { situacao?: Situacao | undefined }>(f: F): F =>
  f.situacao ? f : { ...f, situacao: 'concluido' };

/** An optional integer query parameter: `def` when absent, `message` when not an integer in [min, max]. */
export const intParam = (def: number, min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

export const LIST_LIMIT_MAX = 500;

/**
 * What the experiments list can be sorted by (the dashboard's table sorts by each of its columns);
 * `created_at` is the default, newest first. Every order ends with the id, so pages never overlap.
 */
export const EXPERIMENT_SORT_KEYS = [
  'created_at',
  'consultoria',
  'regional',
  'cultura',
  'marca',
  'produtividade_media',
  'roi',
  'ano',
  'pdf_filename',
] as const;
export type ExperimentSortKey = (typeof EXPERIMENT_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

export const CURSOR_INVALIDO = 'Cursor de paginação inválido: use o valor de "proximo" da página anterior';
export const CURSOR_SO_PADRAO = 'A paginação por cursor vale só para a ordem padrão (mais recentes primeiro) e sem deslocamento';

export const listQuerySchema = filtersSchema.extend({
  limit: intParam(50, 1, LIST_LIMIT_MAX, `Limite deve ser um inteiro entre 1 e ${LIST_LIMIT_MAX}`),
  offset: intParam(0, 0, 10_000_000, 'Deslocamento deve ser um inteiro maior ou igual a 0'),
  /** A case-insensitive substring of consultoria, cidade, cultura or marca (the dashboard's search box). */
  busca: optionalText,
  ordem: choiceParam(EXPERIMENT_SORT_KEYS, 'Ordenação inválida'),
  /** Absent: newest first for `created_at`, otherwise ascending. */
  direcao: choiceParam(['asc', 'desc'] as const, 'Direção inválida'),
  /**
   * Keyset pagination (newest first only): the `proximo` of the page before. The server decodes it;
   * here only its shape.
   */
  depois: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || v === '' || /^[A-Za-z0-9_-]{8,120}$/.test(v), CURSOR_INVALIDO)
    .transform((v) => v || undefined),
});

export type ListQuery = z.output<typeof listQuerySchema>;

export function hasAnyFilter(f: Partial<Record<FilterKey, unknown>>): boolean {
  return FILTER_KEYS.some((k) => f[k] !== undefined && f[k] !== '');
}

/** The map's view (`GET /api/dashboard/mapa`): the zoom level (0–18) and the area shown, west, south, east, north. */
export const mapViewSchema = filtersSchema.extend({
  zoom: intParam(4, 0, 18, 'Zoom deve ser um inteiro de 0 a 18'),
  area: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): [number, number, number, number] | undefined => {
      if (!v) return undefined;
      const parts = v.split(',').map(Number);
      const [w, s, e, n] = parts;
      if (
        parts.length !== 4 ||
        parts.some((x) => !Number.isFinite(x)) ||
        !(w! >= -180 && e! <= 180 && w! < e! && s! >= -90 && n! <= 90 && s! < n!)
      ) {
        ctx.addIssue({ code: 'custom', message: 'Área deve ser oeste,sul,leste,norte em graus' });
        return z.NEVER;
      }
      return [w!, s!, e!, n!];
    }),
});
