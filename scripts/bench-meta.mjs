// `node scripts/bench-meta.mjs [-- --count 1000] [-- --trials 500] [-- --runs 20]`: what the
// meta-analysis across trials costs (POST /api/analises/meta, issue 33). Seeds a fresh embedded
// database with `count` demo experiments and `trials` more that hold one product (DBC, 6
// treatments × 4 blocks, the product in the second; written as the seed writes, through the API's
// schema and the experiments repository), starts the built server as its own process, and times
// `runs` requests of each kind: the product over every trial, with prices (probability of a return),
// on the ratio scale, and under a regional filter. Target: p95 < 1 s for 500 trials.
// Writes bench/results-meta.json and .md (`scripts/bench.mjs` runs it too; --no-meta skips it).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';
import {
  BENCH_EXPERIMENT,
  benchServerEnv,
  demoAuth,
  option as arg,
  freePort,
  percentile as pct,
  spawnBenchServer,
  waitForHealth,
} from './bench-support.mjs';

const COUNT = Number(arg('count', '1000'));
const TRIALS = Number(arg('trials', '500'));
const RUNS = Number(arg('runs', '20'));
const TARGET_P95_MS = 1000;
const PRODUTO = 'Fungicida Bench';

buildIfStale(['server']);
const { openDatabase } = await import('../dist/node/server/db/client.js');
const { seedDemo } = await import('../dist/node/server/seed/demo.js');
const { insertExperiments, reserveExperimentIds } = await import('../dist/node/server/modules/experiments/public.js');
const { experimentInputSchema } = await import('../dist/node/shared/experiment.js');
const { users } = await import('../dist/node/server/db/schema.js');
const { eq } = await import('drizzle-orm');

const stats = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: +pct(s, 50).toFixed(1), p95: +pct(s, 95).toFixed(1), max: +(s.at(-1) ?? 0).toFixed(1), n: s.length };
};

// A small linear congruential generator: the same trials on every run.
let seed = 4242;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const REGIONAIS = ['GO', 'PR SC PY', 'MT BR 163', 'Cerrado MG'];
const trial = (n) => ({
  ...BENCH_EXPERIMENT,
  regional: REGIONAIS[n % REGIONAIS.length],
  cidade: `Cidade ${n}`,
  ano: 2020 + (n % 6),
  teor_argila: 10 + (n % 60),
  preco_saca: 100 + (n % 40),
  tratamentos: Array.from({ length: 6 }, (_, i) => {
    const base = 3000 + 800 * random();
    const ganho = i === 1 ? 150 + 200 * (random() - 0.3) : 60 * i * random();
    return {
      nome: i ? `Tratamento ${i + 1}` : 'Testemunha',
      modalidade: 'Foliar',
      produtividade: 0,
      custo: 0,
      repeticoes: Array.from({ length: 4 }, () => Math.round((base + ganho + 250 * (random() - 0.5)) * 10) / 10),
      produtos_aplicados: i === 1 ? [{ nome: PRODUTO, dose: 0.5, custo: 95 }] : i ? [{ nome: `Outro ${i}`, dose: 1, custo: 50 }] : [],
      analises_adicionais: [],
    };
  }),
});

const dataDir = mkdtempSync(join(tmpdir(), 'ga-bench-meta-'));
console.log(`Meta-análise: semeando ${COUNT} experimentos e ${TRIALS} ensaios com "${PRODUTO}"...`);
const database = await openDatabase({ dataDir });
await database.migrate();
await seedDemo(database.db, { count: COUNT, seed: 7, treatments: 5, products: 2, analyses: 1 });
const [demo] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@gestaoagricola.com.br'));
for (let start = 0; start < TRIALS; start += 100) {
  const batch = Array.from({ length: Math.min(100, TRIALS - start) }, (_, i) => trial(start + i));
  await database.db.transaction(async (tx) => {
    const ids = await reserveExperimentIds(tx, batch.length);
    await insertExperiments(
      tx,
      batch.map((e, i) => ({ id: ids[i], ownerId: demo.id, data: experimentInputSchema.parse(e) })),
    );
  });
}
await database.close();

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawnBenchServer(benchServerEnv({ port, dataDir }));

try {
  await waitForHealth(base);
  const auth = await demoAuth(base);
  let errors = 0;
  let k = null;
  const time = async (body) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/analises/meta`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    const ms = performance.now() - t0;
    if (res.status !== 200) {
      errors++;
      console.error(res.status, JSON.stringify(json).slice(0, 300));
    } else k = json.k;
    return ms;
  };
  const kinds = [
    ['todos os ensaios do produto', { produto: PRODUTO }],
    ['com preço da saca e custo (probabilidade de retorno)', { produto: PRODUTO, preco_saca: 120, custo_ha: 95 }],
    ['efeito relativo (razão)', { produto: PRODUTO, escala: 'razao' }],
    ['filtrado por regional (¼ dos ensaios)', { produto: PRODUTO, filtros: { regional: 'GO' } }],
  ];
  const first = await time(kinds[0][1]);
  const rows = [];
  for (const [name, body] of kinds) {
    const ms = [];
    for (let i = 0; i < RUNS; i++) ms.push(await time(body));
    rows.push([name, { ...stats(ms), k }]);
  }
  const out = {
    when: new Date().toISOString(),
    count: COUNT,
    trials: TRIALS,
    firstMs: +first.toFixed(1),
    requests: Object.fromEntries(rows),
    errors,
    targetP95Ms: TARGET_P95_MS,
    meetsTarget: !errors && rows.every(([, s]) => s.p95 < TARGET_P95_MS),
  };
  const md = [
    `### Meta-análise de um produto em ${TRIALS} ensaios, ${COUNT.toLocaleString('pt-BR')} experimentos a mais na base (${out.when.slice(0, 10)})`,
    '',
    `Meta: p95 < ${TARGET_P95_MS} ms. Primeira requisição: ${out.firstMs} ms. Erros: ${errors}.`,
    '',
    '| POST /api/analises/meta | ensaios (k) | n | p50 ms | p95 ms | máx ms |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(([name, s]) => `| ${name} | ${s.k} | ${s.n} | ${s.p50} | ${s.p95} | ${s.max} |`),
    '',
  ].join('\n');
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results-meta.json'), JSON.stringify(out, null, 2) + '\n');
  writeFileSync(join(root, 'bench', 'results-meta.md'), md);
  console.log('\n' + md);
  if (errors) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
