/**
 * The one place that decides what an experiment looks like on the wire (docs/api.md). The JSON
 * is built by the engine: on PGlite, turning many rows into JS objects costs far more than the
 * query itself, and one JSON value per page avoids it (a page of 50 with nested rows: 73 → 20 ms).
 * The treatments' JSON is built when they are written and kept with the experiment: a page then
 * reads 50 rows and no nested table (a page of 50 at 10,000: 14 → ~3 ms).
 */
import { type SQL, sql } from 'drizzle-orm';

/** ISO 8601 in UTC with milliseconds, exactly as `Date.toISOString()` writes it. */
export const isoTimestamp = (column: SQL | string) =>
  sql`to_char(${typeof column === 'string' ? sql.raw(column) : column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Columns sent under their own name, in the order the JSON lists them. */
const PRODUCT_COLUMNS = ['nome', 'dose', 'unidade', 'custo'] as const;
const ANALYSIS_COLUMNS = ['nome', 'valor', 'unidade'] as const;
const TREATMENT_COLUMNS = ['id', 'nome', 'modalidade', 'produtividade', 'custo', 'nivel_a', 'nivel_b', 'dose'] as const;
const EXPERIMENT_COLUMNS = [
  'consultoria',
  'marca',
  'bu',
  'regional',
  'cidade',
  'estado',
  'latitude',
  'longitude',
  'teor_argila',
  'teor_materia_organica',
  'cultura',
  'cultivar',
  'ano',
  'tipo_estatistica',
  'custo_protocolo',
  'roi',
  'preco_saca',
  'produtividade_regional',
  'fator_a',
  'fator_b',
  'situacao',
  'blocos',
  'pdf_filename',
  'produtividade_media',
] as const;

/** `'a', t.a, 'b', t.b…`: the keys and values of a JSON object of these columns of the row `alias`. */
const sameNamed = (alias: string, columns: readonly string[]) => sql.raw(columns.map((c) => `'${c}', ${alias}.${c}`).join(', '));

/**
 * `(experiment_id, j)`: the JSON array of the treatments (with products and analyses) of every
 * experiment whose id `ids` selects, aggregated set-wise (one index scan per table, hash joins).
 */
export function treatmentsJsonOf(ids: SQL): SQL {
  return sql`with prods as (
      select a.treatment_id, json_agg(json_build_object(${sameNamed('a', PRODUCT_COLUMNS)}) order by a.position) as j
      from applied_products a where a.experiment_id in (${ids}) group by a.treatment_id),
    anals as (
      select x.treatment_id, json_agg(json_build_object(${sameNamed('x', ANALYSIS_COLUMNS)}) order by x.position) as j
      from additional_analyses x where x.experiment_id in (${ids}) group by x.treatment_id),
    plots as (
      select v.treatment_id, v.assessment_id, json_agg(v.valor order by v.bloco) as j
      from plot_values v where v.experiment_id in (${ids}) group by v.treatment_id, v.assessment_id),
    obs as (
      select o.treatment_id, json_object_agg(a.chave, o.j order by a.position) as j
      from plots o join assessments a on a.id = o.assessment_id group by o.treatment_id)
    select t.experiment_id, json_agg(jsonb_build_object(
        ${sameNamed('t', TREATMENT_COLUMNS)},
        'produtos_aplicados', coalesce(pr.j, '[]'::json),
        'analises_adicionais', coalesce(an.j, '[]'::json)
      -- These keys are there only when the trial has plot data or rated plots (docs/api.md: a
      -- treatment "may carry" them), so a treatment without them reads as it always did.
      ) || case when t.repeticoes is null then '{}'::jsonb else jsonb_build_object('repeticoes', to_jsonb(t.repeticoes)) end
        || case when t.papel is null then '{}'::jsonb else jsonb_build_object('papel', t.papel) end
        || case when ob.j is null then '{}'::jsonb else jsonb_build_object('observacoes', ob.j::jsonb) end
      order by t.position)::text as j
    from treatments t
    left join prods pr on pr.treatment_id = t.id
    left join anals an on an.treatment_id = t.id
    left join obs ob on ob.treatment_id = t.id
    where t.experiment_id in (${ids})
    group by t.experiment_id`;
}

const ASSESSMENT_COLUMNS = ['chave', 'nome', 'unidade', 'tipo'] as const;

/**
 * `(experiment_id, j)`: the JSON array of the assessments' declarations of every experiment `ids`
 * selects, in their order (shared/assessments.ts; the date as YYYY-MM-DD).
 */
export function assessmentsJsonOf(ids: SQL): SQL {
  // daa: days after the latest application on or before the assessment's date (null without either).
  return sql`select a.experiment_id, json_agg(json_build_object(
      ${sameNamed('a', ASSESSMENT_COLUMNS)},
      'data', to_char(a.data, 'YYYY-MM-DD'),
      'estadio', a.estadio, 'alvo', a.alvo, 'escala_min', a.escala_min, 'escala_max', a.escala_max,
      'daa', (select a.data - max(ap.data) from applications ap where ap.experiment_id = a.experiment_id and ap.data <= a.data)
    ) order by a.position)::text as j
    from assessments a where a.experiment_id in (${ids}) group by a.experiment_id`;
}

const APPLICATION_COLUMNS = ['estadio', 'volume_calda_l_ha', 'equipamento', 'temperatura_c', 'umidade_pct', 'vento_km_h'] as const;

/** `(experiment_id, j)`: the JSON array of the applications of every experiment `ids` selects, in their order. */
export function applicationsJsonOf(ids: SQL): SQL {
  return sql`select ap.experiment_id, json_agg(json_build_object(
      'chave', ap.chave, 'data', to_char(ap.data, 'YYYY-MM-DD'),
      ${sameNamed('ap', APPLICATION_COLUMNS)},
      'tratamentos', to_json(ap.tratamentos)
    ) order by ap.position)::text as j
    from applications ap where ap.experiment_id in (${ids}) group by ap.experiment_id`;
}

/**
 * Stores the treatments' JSON of the experiments `ids` selects in `experiments.tratamentos_json`,
 * so that reading a page costs the same with or without nested rows. Called by every write of
 * treatments, in its transaction.
 */
export const storeTreatmentsJson = (ids: SQL): SQL =>
  sql`with fresh as (${treatmentsJsonOf(ids)})
      update experiments e set tratamentos_json = fresh.j from fresh where e.id = fresh.experiment_id`;

/** The same for the assessments' declarations (`experiments.avaliacoes_json`) of experiments that have some. */
export const storeAssessmentsJson = (ids: SQL): SQL =>
  sql`with fresh as (${assessmentsJsonOf(ids)})
      update experiments e set avaliacoes_json = fresh.j from fresh where e.id = fresh.experiment_id`;

/** The same for the applications (`experiments.aplicacoes_json`) of experiments that have some. */
export const storeApplicationsJson = (ids: SQL): SQL =>
  sql`with fresh as (${applicationsJsonOf(ids)})
      update experiments e set aplicacoes_json = fresh.j from fresh where e.id = fresh.experiment_id`;

/**
 * One statement returning `j`, the JSON array of the experiments that `page` selects (a SELECT of
 * experiment rows, already ordered and limited) in `order` (the page's own order over alias `p`;
 * newest first by default), with owner and nested rows.
 */
export function experimentsPageJson(page: SQL, order: SQL = sql.raw('p.created_at desc, p.id desc'), withCursor = false): SQL {
  // The oldest row's sort key at full precision (the JSON's created_at has milliseconds): where the
  // next newest-first page starts (repository.ts, keyset pagination).
  const cursor = withCursor
    ? sql`, (select c.created_at::text || '|' || c.id from page c order by c.created_at asc, c.id asc limit 1) as cursor, count(*)::int as n`
    : sql``;
  return sql`with page as (${page})
    select coalesce(json_agg(json_build_object(
      'id', p.id,
      'version', p.version,
      'created_at', ${isoTimestamp('p.created_at')},
      'updated_at', ${isoTimestamp('p.updated_at')},
      'owner', json_build_object('id', u.id, 'name', u.name),
      ${sameNamed('p', EXPERIMENT_COLUMNS)},
      'parcela', case when p.parcela_comprimento_m is null or p.parcela_largura_m is null then null
        else json_build_object('comprimento_m', p.parcela_comprimento_m, 'largura_m', p.parcela_largura_m) end,
      'aplicacoes', p.aplicacoes_json::json,
      'tratamentos', p.tratamentos_json::json,
      'avaliacoes', p.avaliacoes_json::json
    ) order by ${order}), '[]')::text as j${cursor}
    from page p
    join users u on u.id = p.owner_id`;
}
