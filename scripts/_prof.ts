import { gzipSync } from 'node:zlib';
import { openDatabase } from '../src/server/db/client.js';
import { dashboardData, mapJson, correlationJson } from '../src/server/modules/dashboard/repository.js';
import { countExperiments, experimentStats } from '../src/server/modules/experiments/aggregates.js';
const database = await openDatabase({ dataDir: process.env.DATA_DIR! });
const db = database.db;
const none = { regional: undefined, cultura: undefined, marca: undefined, ano: undefined, produto: undefined };
async function time<T>(label: string, fn: () => Promise<T>, n = 3): Promise<T> {
  let r!: T; const ts: number[] = [];
  for (let i = 0; i < n; i++) { const t0 = performance.now(); r = await fn(); ts.push(performance.now() - t0); }
  console.log(label.padEnd(40), ts.map((t) => t.toFixed(1)).join(' '));
  return r;
}
await time('count', () => countExperiments(db, none));
await time('count soja', () => countExperiments(db, { ...none, cultura: 'Soja' }));
await time('stats', () => experimentStats(db, none));
await time('dashboard', () => dashboardData(db, none));
await time('dashboard soja', () => dashboardData(db, { ...none, cultura: 'Soja' }));
await time('dashboard produto', () => dashboardData(db, { ...none, produto: 'raiz' }));
const m = await time('map', () => mapJson(db, none));
console.log('map bytes', m.length, 'gzip', gzipSync(m).length);
if (process.env.CORR) { const c = await time('corr', () => correlationJson(db, none), 1); console.log('corr bytes', c.length, 'gzip', gzipSync(c).length); }
await database.close();
