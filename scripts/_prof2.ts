import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client.js';
import { rollupRows, type RollupKind } from '../src/server/modules/experiments/aggregates.js';
const database = await openDatabase({ dataDir: process.env.DATA_DIR! });
const db = database.db;
const f = { regional: undefined, cultura: undefined, marca: undefined, ano: undefined, produto: 'raiz' };
for (const kind of ['experimentos', 'consultorias', 'locais', 'modalidades', 'produtos'] as RollupKind[]) {
  for (let i = 0; i < 2; i++) {
    const t0 = performance.now();
    const r = await queryRows(db, sql`select count(*) from (${rollupRows(kind, f)}) r`);
    console.log(kind, (performance.now() - t0).toFixed(0), JSON.stringify(r));
  }
}
for (let i = 0; i < 2; i++) {
  const t0 = performance.now();
  const r = await queryRows(db, sql`select count(*), avg(produtividade_media), avg(roi) from experiments where produtos_busca like '%raiz%'`);
  console.log('plain', (performance.now() - t0).toFixed(0), JSON.stringify(r));
}
await database.close();
