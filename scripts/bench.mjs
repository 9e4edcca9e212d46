// `npm run bench [-- --count 100000]`: seeds a fresh database with N experiments (5 treatments ×
// 2 products × 1 analysis), starts the built server as its own process, loads it with autocannon,
// times the dashboard in headless Chromium, weighs the JavaScript, and writes bench/results.json
// and bench/results.md. With DATABASE_URL it runs on that PostgreSQL server (a fresh database).
// Then runs scripts/bench-extraction.mjs (extraction under load; --no-extraction-load skips it) and
// scripts/bench-import.mjs (100 reports imported while the list is timed; --no-import skips it) and
// scripts/bench-save.mjs (PUT of a 20 × 12 trial, 30 times; --no-save skips it) and
// scripts/bench-meta.mjs (the meta-analysis of a product over 500 trials; --no-meta skips it).
// `--browser-only` seeds and times only the browser (first load cold and warm, navigation, filter
// change, JavaScript weight), without the HTTP load, the attack and the extraction runs: a few
// minutes at 10,000 instead of many; it writes bench/results-browser-<engine>-<count>.json|md.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { nestedJsonAttack, wideJsonAttack } from './bench-attack.mjs';
import { buildIfStale, root } from './build-if-stale.mjs';
import {
  benchServerEnv,
  BENCH_EXPERIMENT,
  option as arg,
  benchPdf,
  experimentMultipart,
  freePort,
  launchChromium,
  percentile as pct,
  spawnBenchServer,
  waitForHealth,
} from './bench-support.mjs';

const COUNT = Number(arg('count', '10000'));
const REQUESTS = Number(arg('requests', '300'));
const BROWSER_ONLY = process.argv.includes('--browser-only');
// Fresh browser contexts for the first-load measure (each: one cold load, then warm ones).
const FIRST_LOAD_RUNS = Number(arg('first-load-runs', '5'));
const pgAdmin = process.env.DATABASE_URL;

buildIfStale(['web', 'server']);
const { openDatabase } = await import('../dist/node/server/db/client.js');
const { seedDemo } = await import('../dist/node/server/seed/demo.js');
const { countExperiments, listExperimentsText } = await import('../dist/node/server/modules/experiments/public.js');
const { writePdf } = await import('../dist/node/server/seed/pdf-writer.js');
const { FileObjectStore } = await import('../dist/node/server/modules/documents/public.js');
const { sql } = await import('drizzle-orm');

const stats = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: +pct(s, 50).toFixed(2), p95: +pct(s, 95).toFixed(2), p99: +pct(s, 99).toFixed(2) };
};

/* 1. a fresh database with N experiments */
const dataDir = mkdtempSync(join(tmpdir(), 'ga-bench-'));
let databaseUrl;
if (pgAdmin) {
  const name = `ga_bench_${Date.now()}`;
  const c = new pg.Client({ connectionString: pgAdmin });
  await c.connect();
  await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(pgAdmin);
  u.pathname = `/${name}`;
  databaseUrl = u.toString();
}
const engine = databaseUrl ? 'postgres' : 'pglite';
console.log(`Banco: ${engine}; semeando ${COUNT} experimentos...`);
let database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
await database.migrate();
let t0 = performance.now();
// The server below reads the shared reports of a bulk load from DATA_DIR/documentos (its default).
const objects = new FileObjectStore(join(dataDir, 'documentos'));
await seedDemo(database.db, { count: COUNT, seed: 7, treatments: 5, products: 2, analyses: 1, objects });
const seedSeconds = (performance.now() - t0) / 1000;
console.log(`Semeados em ${seedSeconds.toFixed(1)} s`);

/* 2. a naive baseline (a query per experiment and per treatment; docs/performance.md#the-benchmark), against our list call, in process */
let baseline = { p50: null };
let ours = { p50: null };
if (!BROWSER_ONLY) {
  async function naiveList(db) {
    const exps = (await db.execute(sql`select * from experiments order by created_at desc, id desc limit 50`)).rows;
    for (const e of exps) {
      const ts = (await db.execute(sql`select * from treatments where experiment_id = ${e.id} order by position`)).rows;
      for (const t of ts) {
        await db.execute(sql`select * from applied_products where treatment_id = ${t.id} order by position`);
        await db.execute(sql`select * from additional_analyses where treatment_id = ${t.id} order by position`);
      }
    }
  }
  const timeIt = async (fn, n = 20) => {
    await fn();
    const ms = [];
    for (let i = 0; i < n; i++) {
      const s = performance.now();
      await fn();
      ms.push(performance.now() - s);
    }
    return stats(ms);
  };
  baseline = await timeIt(() => naiveList(database.db));
  ours = await timeIt(() => listExperimentsText(database.db, {}, 50, 0, () => countExperiments(database.db, {})));
  console.log(`Lista de 50 em processo: ingênua p50 ${baseline.p50} ms, nossa p50 ${ours.p50} ms`);
}
await database.close();

/* 3. the server as its own process */
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawnBenchServer(benchServerEnv({ port, dataDir, databaseUrl: databaseUrl ?? '' }));
await waitForHealth(base);
let peakRss = 0;
const sampleRss = () => {
  try {
    const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0);
    peakRss = Math.max(peakRss, kb / 1024);
  } catch {
    // The process is gone: keep the last reading.
  }
};

const creds = { email: 'demo@gestaoagricola.com.br', password: 'demo1234' };
const token = (
  await (
    await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(creds) })
  ).json()
).token;
const auth = { authorization: `Bearer ${token}` };
const anyId = (await (await fetch(`${base}/api/experiments?limit=1&offset=${Math.floor(COUNT / 2)}`, { headers: auth })).json())
  .experiments[0].id;

const results = [];
/** bench-outside.mjs's rows (3b). */
let outsideRows = [];
// Every row also records the server's peak RSS so far: where the peak happens shows what costs memory.
const record = (row) => {
  sampleRss();
  results.push({ ...row, peakRssMB: +peakRss.toFixed(0) });
};
if (!BROWSER_ONLY) {
  /* bodies for the writes */
  const boundary = '----gestaobench';
  const multipartBody = (data, pdf, filename) => experimentMultipart(data, pdf, { boundary, filename }).body;
  const mpHeaders = { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` };
  const experimentData = {
    ...BENCH_EXPERIMENT,
    tratamentos: Array.from({ length: 8 }, (_, i) => ({
      nome: i ? `Tratamento ${i + 1}` : 'Testemunha',
      modalidade: 'Foliar',
      produtividade: 3500 + i * 40,
      produtos_aplicados: i
        ? [
            { nome: 'Aminoagro Raiz', dose: 0.5, custo: 40 },
            { nome: 'Aminoagro Mol', dose: 1, custo: 30 },
          ]
        : [],
      analises_adicionais: [{ nome: 'Altura de Plantas', valor: 80 + i, unidade: 'cm' }],
    })),
  };
  const createBody = multipartBody(experimentData, benchPdf(1024 * 1024));
  const big = await (
    await fetch(`${base}/api/experiments`, {
      method: 'POST',
      headers: mpHeaders,
      body: multipartBody(experimentData, benchPdf(10 * 1024 * 1024)),
    })
  ).json();
  const bigDoc = (await (await fetch(`${base}/api/uploads/documents?experimentId=${big.experiment.id}`, { headers: auth })).json())
    .documents[0].id;
  const lines = [];
  for (let p = 0; p < 10; p++) {
    lines.push({ text: `Relatório de Experimento de Campo - página ${p + 1}`, bold: true, size: 14 });
    for (let l = 0; l < 40; l++)
      lines.push({ text: `Observação ${p * 40 + l}: condução do ensaio conforme protocolo, sem ocorrências relevantes.` });
  }
  lines.push(
    { text: 'Consultoria: Sudoeste Goiano Pesquisa' },
    { text: 'Marca: Aminoagro' },
    { text: 'Cultura: Soja' },
    { text: 'Município: Rio Verde - GO' },
  );
  lines.push({ text: 'T1 Testemunha Foliar 3.450,0 kg/ha' }, { text: 'T2 Aminoagro Raiz Sementes 3.812,5 kg/ha' });
  const tenPages = writePdf(lines);

  /* 3b. what a client sees: from another process, sequential, bytes on the wire, cold and warm (bench-outside.mjs) */
  {
    const outside = join(root, 'bench', `results-outside-${engine}-${COUNT}.json`);
    execFileSync(process.execPath, [join(root, 'scripts/bench-outside.mjs'), '--base', base, '--out', outside], { stdio: 'inherit' });
    outsideRows = JSON.parse(readFileSync(outside, 'utf8')).rows;
  }

  /* 4. load */
  // One connection: the embedded engine runs one query at a time, so more connections only add
  // queueing to the latencies (throughput is the same); PostgreSQL runs can raise it (--connections).
  const CONNECTIONS = Number(arg('connections', '1'));
  function load(name, opts, amount = REQUESTS, connections = CONNECTIONS) {
    return new Promise((resolve) => {
      const latencies = [];
      // As a browser asks: compressed answers are what the dashboard receives.
      const headers = { 'accept-encoding': 'gzip, deflate', ...auth, ...(opts.headers ?? {}) };
      const inst = autocannon(
        { url: `${base}${opts.path}`, method: opts.method ?? 'GET', headers, body: opts.body, amount, connections, timeout: 60 },
        (err, res) => {
          sampleRss();
          const s = stats(latencies);
          const row = {
            name,
            rps: +res.requests.average.toFixed(1),
            ...s,
            errors: res.errors + res.timeouts + res.non2xx,
            requests: res.requests.total,
          };
          console.log(
            `${name.padEnd(34)} ${String(row.rps).padStart(7)} req/s  p50 ${s.p50} ms  p95 ${s.p95} ms  p99 ${s.p99} ms  erros ${row.errors}`,
          );
          resolve(row);
        },
      );
      inst.on('response', (_client, _status, _bytes, time) => latencies.push(time));
    });
  }
  const warm = async (path) => {
    for (let i = 0; i < 5; i++) await fetch(`${base}${path}`, { headers: auth });
  };
  const gets = [
    ['list page of 50', '/api/experiments?limit=50'],
    ['filtered list', '/api/experiments?regional=GO&cultura=Soja&produto=raiz'],
    ['stats', '/api/experiments/stats'],
    ['dashboard aggregates', '/api/dashboard'],
    ['dashboard map', '/api/dashboard/mapa'],
    ['experiment by id', `/api/experiments/${anyId}`],
  ];
  record(
    await load(
      'sign-in',
      { path: '/api/auth/login', method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(creds) },
      100,
    ),
  );
  for (const [name, path] of gets) {
    await warm(path);
    record(await load(name, { path }));
  }
  // Aggregates and list totals are kept until the next write (server/http/response-cache.ts): the
  // load above reads them warm. Here each read follows a write, so it computes from scratch.
  for (const [name, path] of [...gets.slice(0, 5), ['dashboard correlation', '/api/dashboard/correlacao']]) {
    const ms = [];
    let errors = 0;
    for (let i = 0; i < 7; i++) {
      const w = await fetch(`${base}/api/users/profile`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ company: `Bench ${i}` }),
      });
      if (!w.ok) errors++;
      const s = performance.now();
      const r = await fetch(`${base}${path}`, { headers: auth });
      await r.arrayBuffer();
      ms.push(performance.now() - s);
      if (!r.ok) errors++;
    }
    sampleRss();
    const st = stats(ms);
    record({ name: `${name}, cold (after a write)`, rps: null, ...st, errors, requests: ms.length });
    console.log(`${`${name}, cold`.padEnd(34)}          p50 ${st.p50} ms  p95 ${st.p95} ms  erros ${errors}`);
  }
  record(
    await load(
      'create (8 treatments + 1 MB PDF)',
      { path: '/api/experiments', method: 'POST', headers: { 'content-type': mpHeaders['content-type'] }, body: createBody },
      100,
    ),
  );
  // Updates carry the version they read, so they run one after another.
  {
    const ms = [];
    let version = big.experiment.version;
    let errors = 0;
    for (let i = 0; i < 50; i++) {
      const s = performance.now();
      const r = await fetch(`${base}/api/experiments/${big.experiment.id}`, {
        method: 'PUT',
        headers: mpHeaders,
        body: multipartBody({ ...experimentData, version }, null),
      });
      ms.push(performance.now() - s);
      if (r.ok) version = (await r.json()).experiment.version;
      else errors++;
    }
    const s = stats(ms);
    record({
      name: 'update (sequential)',
      rps: +(1000 / (ms.reduce((a, b) => a + b, 0) / ms.length)).toFixed(1),
      ...s,
      errors,
      requests: 50,
    });
    console.log(`update (sequential)                p50 ${s.p50} ms  p95 ${s.p95} ms  erros ${errors}`);
  }
  record(await load('download 10 MB PDF', { path: `/api/uploads/documents/${bigDoc}/download` }, 40));
  {
    const ms = [];
    let errors = 0;
    for (let i = 0; i < 10; i++) {
      const s = performance.now();
      const r = await fetch(`${base}/api/extract-pdf`, {
        method: 'POST',
        headers: mpHeaders,
        body: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="dez.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          tenPages,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      await r.arrayBuffer();
      ms.push(performance.now() - s);
      if (!r.ok) errors++;
    }
    const s = stats(ms);
    record({ name: 'extraction of a 10-page report', rps: null, ...s, errors, requests: 10 });
    console.log(`extraction of a 10-page report     p50 ${s.p50} ms  p95 ${s.p95} ms  erros ${errors}`);
  }
}

/* 5. the browser */
const browser = await launchChromium();
const jsOf = async (page, path, after) => {
  const bodies = new Map();
  page.on('response', async (r) => {
    if (r.url().endsWith('.js')) bodies.set(r.url(), await r.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(`${base}${path}`);
  await after();
  await page.waitForLoadState('networkidle');
  let gz = 0;
  for (const b of bodies.values()) gz += gzipSync(b).length;
  return +(gz / 1024).toFixed(1);
};
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
const page = await ctx.newPage();
await page.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
const loginJs = await jsOf(page, '/login', () => page.locator('input[name=email]').waitFor());
await page.locator('input[name=email]').fill(creds.email);
await page.locator('input[name=password]').fill(creds.password);
await page.getByRole('button', { name: 'Entrar' }).click();
await page.waitForURL('**/dashboard');
await page.locator('.recharts-surface').nth(5).waitFor({ timeout: 60_000 });
const page2 = await ctx.newPage();
await page2.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
const dashboardJs = await jsOf(page2, '/dashboard', () => page2.locator('.recharts-surface').nth(5).waitFor({ timeout: 60_000 }));
await page2.close();
// Three crops no earlier request asked for: every filter change below computes from scratch.
const crops = (await page.locator('select[name=cultura] option').evaluateAll((os) => os.map((o) => o.value))).filter(Boolean).slice(0, 3);
const renders = [];
const filters = [];
for (let run = 0; run < 3; run++) {
  await page.goto(`${base}/perfil`);
  await page.getByText('Membro desde').waitFor();
  t0 = Date.now();
  await page.evaluate(() => {
    history.pushState({}, '', '/dashboard');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.locator('.recharts-surface').nth(5).waitFor({ timeout: 60_000 });
  await page.locator('.leaflet-container canvas').first().waitFor({ timeout: 60_000 });
  renders.push(Date.now() - t0);
  // A person changes a filter once the dashboard has settled (data, map layer, charts).
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const before = await page.getByTestId('stat-value').first().textContent();
  t0 = Date.now();
  await page.locator('select[name=cultura]').selectOption(crops[run % crops.length]);
  await page.waitForFunction((b) => document.querySelector('[data-testid=stat-value]')?.textContent !== b, before, { timeout: 60_000 });
  await page.locator('.recharts-surface').nth(5).waitFor();
  filters.push(Date.now() - t0);
  await page.goto(`${base}/dashboard`);
}

// First load: a signed-in user opens /dashboard in a fresh browser (empty HTTP cache,
// nothing compiled), then again in the same browser (warm: chunks cached and compiled, but a new
// document, so no data in memory). Timed from navigation start (the page's performance.now())
// until a frame has been drawn with the cards, six charts and the map canvas in the document.
function markDrawn() {
  const marks = (window.__firstLoad = {});
  const note = (k) => {
    if (k in marks) return;
    marks[k] = null;
    requestAnimationFrame(() => (marks[k] = performance.now()));
  };
  new MutationObserver(() => {
    if (document.querySelector('[data-testid=stat-value]')) note('cards');
    if (document.querySelectorAll('.recharts-surface').length >= 6) note('charts');
    if (document.querySelector('.leaflet-container canvas')) note('map');
  }).observe(document, { childList: true, subtree: true });
}
const firstLoads = { cold: [], warm: [] };
for (let run = 0; run < FIRST_LOAD_RUNS; run++) {
  const fresh = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'pt-BR' });
  // Signed in as the app leaves a user: the refresh cookie in the browser, token and user in localStorage (src/web/lib/session.ts).
  const signedIn = await (await fresh.request.post(`${base}/api/auth/login`, { data: creds })).json();
  await fresh.addInitScript(
    ([t, u]) => {
      localStorage.setItem('gestao-agricola:auth-token', t);
      localStorage.setItem('gestao-agricola:user', JSON.stringify(u));
    },
    [signedIn.token, signedIn.user],
  );
  await fresh.addInitScript(markDrawn);
  const p = await fresh.newPage();
  await p.route('https://*.tile.openstreetmap.org/**', (r) => r.fulfill({ status: 204 }));
  for (const kind of ['cold', 'warm', 'warm']) {
    await p.goto(`${base}/dashboard`);
    const m = await (
      await p.waitForFunction(
        () => {
          const m = window.__firstLoad;
          return m.cards && m.charts && m.map ? m : null;
        },
        null,
        { timeout: 60_000 },
      )
    ).jsonValue();
    firstLoads[kind].push({ cards: Math.round(m.cards), charts: Math.round(Math.max(m.cards, m.charts)), map: Math.round(m.map) });
    await p.waitForLoadState('networkidle');
  }
  await fresh.close();
}
console.log(`Primeira carga do dashboard (cartões e gráficos, mapa): ${JSON.stringify(firstLoads)}`);
await browser.close();

/* 5b. no request stalls the server: /api/health under the nested-JSON attack */
if (!BROWSER_ONLY) console.log('\nAtaque de JSON aninhado (sem login) contra /api/health...');
const attack = BROWSER_ONLY ? [] : await nestedJsonAttack({ base });
/* 5c. the same with wide JSON: 1.5 MiB objects and flat arrays to /api/imports/drafts/1/approve */
if (!BROWSER_ONLY) console.log('\nAtaque de JSON largo (sem login) contra /api/health...');
const wideAttack = BROWSER_ONLY ? [] : await wideJsonAttack({ base });
sampleRss();
server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));
rmSync(dataDir, { recursive: true, force: true });
if (databaseUrl && pgAdmin) {
  const c = new pg.Client({ connectionString: pgAdmin });
  await c.connect();
  await c.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
  await c.end();
}

/* 6. results */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const firstLoad = (runs) => ({
  cardsAndChartsMs: median(runs.map((r) => r.charts)),
  cardsMs: median(runs.map((r) => r.cards)),
  mapMs: median(runs.map((r) => r.map)),
  runs,
});
const out = {
  when: new Date().toISOString(),
  engine,
  count: COUNT,
  seedSeconds: +seedSeconds.toFixed(1),
  baseline: { naiveListP50: baseline.p50, oursP50: ours.p50, ratio: +(ours.p50 / baseline.p50).toFixed(3) },
  http: results,
  outside: outsideRows,
  browser: {
    firstLoad: { cold: firstLoad(firstLoads.cold), warm: firstLoad(firstLoads.warm) },
    dashboardRenderMs: median(renders),
    filterChangeMs: median(filters),
    runs: { renders, filters },
  },
  javascriptGzipKB: { login: loginJs, dashboard: dashboardJs },
  nestedJsonAttack: attack,
  wideJsonAttack: wideAttack,
  serverPeakRssMB: +peakRss.toFixed(0),
};
mkdirSync(join(root, 'bench'), { recursive: true });
// results.json/.md: the latest full run; results-<engine>-<count>.*: kept per configuration;
// a --browser-only run writes results-browser-<engine>-<count>.* and leaves those alone.
const outputs = BROWSER_ONLY ? [`results-browser-${engine}-${COUNT}`] : ['results', `results-${engine}-${COUNT}`];
for (const name of outputs) writeFileSync(join(root, 'bench', `${name}.json`), JSON.stringify(out, null, 2) + '\n');
const { cold, warm } = out.browser.firstLoad;
const browserRows = [
  `| dashboard, primeira carga a frio (navegador novo, cache vazio): cartões e gráficos / mapa (mediana de ${cold.runs.length}) | ${cold.cardsAndChartsMs} ms / ${cold.mapMs} ms |`,
  `| dashboard, carga a quente (mesmo navegador, novo documento): cartões e gráficos / mapa (mediana de ${warm.runs.length}) | ${warm.cardsAndChartsMs} ms / ${warm.mapMs} ms |`,
  `| dashboard renderizado após navegação (mediana de 3) | ${out.browser.dashboardRenderMs} ms |`,
  `| dashboard após troca de filtro (mediana de 3) | ${out.browser.filterChangeMs} ms |`,
  `| JavaScript de /login (gzip) | ${loginJs} KB |`,
  `| JavaScript de /dashboard (gzip) | ${dashboardJs} KB |`,
];
const md = BROWSER_ONLY
  ? [
      `### ${engine}, ${COUNT.toLocaleString('pt-BR')} experimentos, só o navegador (${out.when.slice(0, 10)})`,
      '',
      '| medida | valor |',
      '| --- | --- |',
      ...browserRows,
      '',
    ].join('\n')
  : [
      `### ${engine}, ${COUNT.toLocaleString('pt-BR')} experimentos (${out.when.slice(0, 10)})`,
      '',
      '| medida | req/s | p50 ms | p95 ms | p99 ms | erros | pico RSS MB |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...results.map((r) => `| ${r.name} | ${r.rps ?? '-'} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} | ${r.peakRssMB} |`),
      '',
      '| de outro processo, em sequência (bench-outside.mjs) | frio p50 ms | frio p95 ms | quente p50 ms | quente p95 ms | KB na rede (gzip) | erros |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...outsideRows.map(
        (r) =>
          `| ${r.name} | ${r.cold.p50} | ${r.cold.p95} | ${r.warm.p50} | ${r.warm.p95} | ${(r.warm.bytes / 1024).toFixed(1)} | ${r.errors} |`,
      ),
      '',
      `| outra medida | valor |`,
      '| --- | --- |',
      `| semeadura | ${out.seedSeconds} s |`,
      `| lista de 50 em processo: nossa p50 / ingênua p50 | ${ours.p50} ms / ${baseline.p50} ms (razão ${out.baseline.ratio}) |`,
      ...browserRows,
      `| pico de memória do servidor (RSS) | ${out.serverPeakRssMB} MB |`,
      '',
      '| /api/health sob ataque de JSON aninhado | pedidos | p50 ms | p95 ms | p99 ms | erros |',
      '| --- | --- | --- | --- | --- | --- |',
      ...attack.map((r) => `| ${r.name} | ${r.requests} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`),
      '',
      '| /api/health sob ataque de JSON largo (1,5 MiB, meta p95 ≤ 150 ms) | pedidos | p50 ms | p95 ms | p99 ms | erros |',
      '| --- | --- | --- | --- | --- | --- |',
      ...wideAttack.map((r) => `| ${r.name} | ${r.requests} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.errors} |`),
      '',
    ].join('\n');
for (const name of outputs) writeFileSync(join(root, 'bench', `${name}.md`), md);
console.log('\n' + md);

/* 7. extraction under load: a normal report's wait while slow ones run (scripts/bench-extraction.mjs) */
if (!BROWSER_ONLY && !process.argv.includes('--no-extraction-load')) {
  spawnSync(process.execPath, [join(root, 'scripts/bench-extraction.mjs')], { cwd: root, stdio: 'inherit' });
}

/* 8. the archive import: 100 reports while the list is timed (scripts/bench-import.mjs) */
if (!BROWSER_ONLY && !process.argv.includes('--no-import')) {
  // On a database of its own, of at most 100,000: seeding a second million would double the run
  // (47 min at 10⁶ on this machine), and the list it times grows 1.1× from 10⁵ to 10⁶ (performance.md).
  const importCount = Math.min(COUNT, 100_000);
  spawnSync(process.execPath, [join(root, 'scripts/bench-import.mjs'), '--count', String(importCount)], { cwd: root, stdio: 'inherit' });
}

/* 10. the meta-analysis of a product across 500 trials (scripts/bench-meta.mjs) */
if (!BROWSER_ONLY && !process.argv.includes('--no-meta')) {
  spawnSync(process.execPath, [join(root, 'scripts/bench-meta.mjs')], { cwd: root, stdio: 'inherit' });
}

/* 9. saving a trial of 20 treatments × 12 replicates, 30 times (scripts/bench-save.mjs) */
if (!BROWSER_ONLY && !process.argv.includes('--no-save')) {
  spawnSync(process.execPath, [join(root, 'scripts/bench-save.mjs')], { cwd: root, stdio: 'inherit' });
}
