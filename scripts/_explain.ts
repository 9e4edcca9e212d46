import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const db = await PGlite.create(process.env.DATA_DIR! + '/pglite', { extensions: { pg_trgm } });
for (const q of process.argv.slice(2)) {
  const t0 = performance.now();
  const r = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers off) ${q}`);
  console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'), '\n', (performance.now() - t0).toFixed(1), 'ms\n');
}
await db.close();
