/**
 * The one place that decides what an experiment looks like on the wire (CONTRACT.md). The JSON
 * is built by the engine: on PGlite, turning many rows into JS objects costs far more than the
 * query itself, and one JSON value per page avoids it (a page of 50 with nested rows: 73 → 20 ms).
 * The treatments' JSON is built when they are written and kept with the experiment: a page then
 * reads 50 rows and no nested table (a page of 50 at 10,000: 14 → ~3 ms).
 */
import { type SQL, sql } from 'drizzle-orm';

/** ISO 8601 in UTC with milliseconds, exactly as `Date.toISOString()` writes it. */
export const isoTimestamp = (column: SQL | string) =>
  sql`to_char(${typeof column === 'string' ? sql.raw(column) : column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `(experiment_id, j)`: the JSON array of the treatments (with products and analyses) of every
 * experiment whose id `ids` selects, aggregated set-wise (one index scan per table, hash joins).
 */
export function treatmentsJsonOf(ids: SQL): SQL {
  return sql`with prods as (
      select a.treatment_id, json_agg(json_build_object('nome', a.nome, 'dose', a.dose, 'unidade', a.unidade, 'custo', a.custo) order by a.position) as j
      from applied_products a where a.experiment_id in (${ids}) group by a.treatment_id),
    anals as (
      select x.treatment_id, json_agg(json_build_object('nome', x.nome, 'valor', x.valor, 'unidade', x.unidade) order by x.position) as j
      from additional_analyses x where x.experiment_id in (${ids}) group by x.treatment_id)
    select t.experiment_id, json_agg(jsonb_build_object(
        'id', t.id,
        'nome', t.nome,
        'modalidade', t.modalidade,
        'produtividade', t.produtividade,
        'custo', t.custo,
        'produtos_aplicados', coalesce(pr.j, '[]'::json),
        'analises_adicionais', coalesce(an.j, '[]'::json)
      -- The key is there only when the trial has plot data (CONTRACT: a treatment "may carry" it).
      ) || case when t.repeticoes is null then '{}'::jsonb else jsonb_build_object('repeticoes', to_jsonb(t.repeticoes)) end
      order by t.position)::text as j
    from treatments t
    left join prods pr on pr.treatment_id = t.id
    left join anals an on an.treatment_id = t.id
    where t.experiment_id in (${ids})
    group by t.experiment_id`;
}

/**
 * Stores the treatments' JSON of the experiments `ids` selects in `experiments.tratamentos_json`,
 * so that reading a page costs the same with or without nested rows. Called by every write of
 * treatments, in its transaction.
 */
export const storeTreatmentsJson = (ids: SQL): SQL =>
  sql`with fresh as (${treatmentsJsonOf(ids)})
      update experiments e set tratamentos_json = fresh.j from fresh where e.id = fresh.experiment_id`;

/**
 * One statement returning `j`, the JSON array of the experiments that `page` selects (a SELECT of
 * experiment rows, already ordered and limited), newest first, with owner and nested rows.
 */
export function experimentsPageJson(page: SQL): SQL {
  return sql`with page as (${page})
    select coalesce(json_agg(json_build_object(
      'id', p.id,
      'version', p.version,
      'created_at', ${isoTimestamp('p.created_at')},
      'updated_at', ${isoTimestamp('p.updated_at')},
      'owner', json_build_object('id', u.id, 'name', u.name),
      'consultoria', p.consultoria,
      'marca', p.marca,
      'bu', p.bu,
      'regional', p.regional,
      'cidade', p.cidade,
      'estado', p.estado,
      'latitude', p.latitude,
      'longitude', p.longitude,
      'teor_argila', p.teor_argila,
      'teor_materia_organica', p.teor_materia_organica,
      'cultura', p.cultura,
      'cultivar', p.cultivar,
      'ano', p.ano,
      'tipo_estatistica', p.tipo_estatistica,
      'custo_protocolo', p.custo_protocolo,
      'roi', p.roi,
      'preco_saca', p.preco_saca,
      'pdf_filename', p.pdf_filename,
      'produtividade_media', p.produtividade_media,
      'tratamentos', p.tratamentos_json::json
    ) order by p.created_at desc, p.id desc), '[]')::text as j
    from page p
    join users u on u.id = p.owner_id`;
}
