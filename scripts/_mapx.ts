import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { gzipSync } from 'node:zlib';
const db = await PGlite.create(process.env.DATA_DIR! + '/pglite', { extensions: { pg_trgm } });
const qs: Record<string, string> = {
  rows: `select json_agg(json_build_array(id, latitude, longitude, cidade, estado, marca) order by created_at desc, id desc)::text as j from experiments`,
  cols: `with e as (select id, latitude, longitude, cidade, estado, marca from experiments),
   l as (select cidade, estado, (row_number() over (order by cidade, estado) - 1)::int as i from (select distinct cidade, estado from e) x),
   m as (select marca, (row_number() over (order by marca) - 1)::int as i from (select distinct marca from e) x),
   p as (select e.id, e.id - lead(e.id) over (order by e.id desc) as d, e.latitude, e.longitude, l.i as li, m.i as mi from e join l using (cidade, estado) join m using (marca))
   select json_build_object('id', (select json_agg(coalesce(d, id) order by id desc) from p),
     'lat', (select json_agg(round(latitude::numeric, 5) order by id desc) from p),
     'lng', (select json_agg(round(longitude::numeric, 5) order by id desc) from p),
     'local', (select json_agg(li order by id desc) from p),
     'marca', (select json_agg(mi order by id desc) from p),
     'locais', (select json_agg(json_build_array(cidade, estado) order by i) from l),
     'marcas', (select json_agg(marca order by i) from m))::text as j`,
  colsStr: `with e as (select id, latitude, longitude, cidade, estado, marca from experiments order by id desc)
   select string_agg(id::text || ',' || coalesce(latitude::text,'') || ',' || coalesce(longitude::text, ''), ';') as j from e`,
};
for (const [k, q] of Object.entries(qs)) {
  for (let i = 0; i < 2; i++) {
    const t0 = performance.now();
    const r = await db.query<{ j: string }>(q);
    const t1 = performance.now();
    const j = r.rows[0]!.j;
    console.log(k, (t1 - t0).toFixed(0), 'ms', j.length, 'bytes gzip', gzipSync(j).length, j.slice(0, 150));
  }
}
await db.close();
