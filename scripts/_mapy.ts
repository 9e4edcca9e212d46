import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const db = await PGlite.create(process.env.DATA_DIR! + '/pglite', { extensions: { pg_trgm } });
const q = `with l as (select cidade, estado, (row_number() over (order by cidade, estado) - 1)::int as i from (select distinct cidade, estado from dashboard_rollup_locais where n > 0) x),
m as (select marca, (row_number() over (order by marca) - 1)::int as i from (select distinct marca from dashboard_rollup where n > 0) x),
p as (select e.id, coalesce(lag(e.id) over (order by e.id desc) - e.id, e.id) as d, e.latitude, e.longitude, l.i as li, m.i as mi
      from experiments e join l on l.cidade = e.cidade and l.estado = e.estado join m on m.marca = e.marca)
select string_agg(d::text, ',' order by id desc) as ids, string_agg(coalesce(latitude::text, 'null'), ',' order by id desc) as lats,
  string_agg(coalesce(longitude::text, 'null'), ',' order by id desc) as lngs, string_agg(li::text, ',' order by id desc) as lis, string_agg(mi::text, ',' order by id desc) as mis,
  (select json_agg(json_build_array(cidade, estado) order by i) from l)::text as locais, (select json_agg(marca order by i) from m)::text as marcas from p`;
for (let i = 0; i < 3; i++) {
  const t0 = performance.now();
  const r = await db.query<Record<string, string>>(q);
  const row = r.rows[0]!;
  const j = `{"id":[${row.ids}],"lat":[${row.lats}],"lng":[${row.lngs}],"local":[${row.lis}],"marca":[${row.mis}],"locais":${row.locais},"marcas":${row.marcas}}`;
  console.log((performance.now() - t0).toFixed(0), 'ms', j.length, j.slice(0, 80));
}
const r = await db.query<Record<string, string>>('explain analyze ' + q);
console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
await db.close();
