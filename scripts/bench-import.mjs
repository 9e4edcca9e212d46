// `npm run bench:import [-- --count 10000] [-- --files 100] [-- --port N] [-- --data-dir DIR]`: the archive
// import under its target. Seeds a fresh embedded database with N experiments (as
// scripts/bench.mjs does), starts the built server as its own process, then:
//   1. idle: the experiments list (page of 50) timed 60 times in a row;
//   2. uploads `files` text reports (tests/fixtures/extraction, cycled, one byte varied so every
//      SHA-256 differs) in chunks of 20 into one batch, as the browser does, and times until every
//      draft is ready or failed, while the same list is timed in a loop.
// Target: the batch done in ≤ 2 min, and the list's p95 during it within 2× of idle.
// Writes bench/results-import.json and .md (`scripts/bench.mjs` runs it too; --no-import skips it).
import { mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';
import { benchServerEnv, demoAuth, option as arg, freePort, percentile as pct, spawnBenchServer, waitForHealth } from './bench-support.mjs';

const COUNT = Number(arg('count', '10000'));
const FILES = Number(arg('files', '100'));
const CHUNK = 20;
// `--log FILE`: the server's request log (one line per request, with its ms) goes there.
const LOG = arg('log', undefined);
const LIMIT_MS = 120_000;

buildIfStale(['server']);
const { openDatabase } = await import('../dist/node/server/db/client.js');
const { seedDemo } = await import('../dist/node/server/seed/demo.js');

const stats = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: +pct(s, 50).toFixed(1), p95: +pct(s, 95).toFixed(1), n: s.length };
};

// Text reports only: no scan (OCR), no invoice, no damaged file.
const fixtureDir = join(root, 'tests/fixtures/extraction');
const reports = readdirSync(fixtureDir)
  .filter((f) => /^(\d\d|h\d+)-.*\.pdf$/.test(f) && !/digitalizado|nota-fiscal/.test(f))
  .sort()
  .map((f) => readFileSync(join(fixtureDir, f)));

const dataDir = arg('data-dir', undefined) ?? mkdtempSync(join(tmpdir(), 'ga-bench-import-'));
mkdirSync(dataDir, { recursive: true });
console.log(`Importação: semeando ${COUNT} experimentos...`);
const database = await openDatabase({ dataDir });
await database.migrate();
await seedDemo(database.db, { count: COUNT, seed: 7, treatments: 5, products: 2, analyses: 1 });
await database.close();

const port = Number(arg('port', String(await freePort())));
const base = `http://127.0.0.1:${port}`;
const server = spawnBenchServer(benchServerEnv({ port, dataDir, logLevel: LOG ? 'info' : 'warn' }), {
  stdout: LOG ? openSync(LOG, 'w') : 'ignore',
});
try {
  await waitForHealth(base);
  const auth = await demoAuth(base);

  const listOnce = async () => {
    const s = performance.now();
    const r = await fetch(`${base}/api/experiments?limit=50`, { headers: { ...auth, 'accept-encoding': 'gzip' } });
    await r.arrayBuffer();
    if (!r.ok) throw new Error(`lista: ${r.status}`);
    return performance.now() - s;
  };
  for (let i = 0; i < 5; i++) await listOnce();
  const idle = [];
  for (let i = 0; i < 60; i++) idle.push(await listOnce());

  const boundary = `----benchimport${Date.now()}`;
  const body = (files) =>
    Buffer.concat([
      ...files.flatMap(({ filename, content }) => [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="pdfs"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        content,
        Buffer.from('\r\n'),
      ]),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
  const files = Array.from({ length: FILES }, (_, i) => ({
    filename: `relatorio-${String(i + 1).padStart(3, '0')}.pdf`,
    content: Buffer.concat([reports[i % reports.length], Buffer.from(`\n% bench ${Date.now()} ${i}\n`)]),
  }));

  const busy = [];
  let running = true;
  const during = (async () => {
    while (running) {
      busy.push(await listOnce());
      await new Promise((r) => setTimeout(r, 50));
    }
  })();

  const t0 = performance.now();
  let batchId;
  const uploads = [];
  for (let i = 0; i < files.length; i += CHUNK) {
    const s = performance.now();
    const r = await fetch(`${base}/api/uploads/bulk${batchId ? `?batchId=${batchId}` : ''}`, {
      method: 'POST',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: body(files.slice(i, i + CHUNK)),
    });
    const answer = await r.json();
    if (r.status !== 202) throw new Error(`envio: ${r.status} ${JSON.stringify(answer)}`);
    uploads.push(performance.now() - s);
    batchId = answer.batchId;
  }
  let batch;
  for (;;) {
    batch = await (await fetch(`${base}/api/imports/${batchId}`, { headers: auth })).json();
    if (batch.done + batch.failed === batch.total) break;
    if (performance.now() - t0 > 10 * LIMIT_MS) throw new Error('a importação não terminou em 20 min');
    await new Promise((r) => setTimeout(r, 250));
  }
  const totalMs = performance.now() - t0;
  running = false;
  await during;

  const idleStats = stats(idle);
  const busyStats = stats(busy);
  const result = {
    when: new Date().toISOString(),
    engine: 'pglite',
    experiments: COUNT,
    files: FILES,
    ready: batch.drafts.filter((d) => d.status === 'ready').length,
    failed: batch.failed,
    seconds: +(totalMs / 1000).toFixed(1),
    perFileMs: +(totalMs / FILES).toFixed(0),
    uploadChunkMs: stats(uploads),
    listIdle: idleStats,
    listDuringImport: busyStats,
    slowestDuringImport: [...busy]
      .sort((a, b) => b - a)
      .slice(0, 5)
      .map((v) => +v.toFixed(0)),
    p95Ratio: +(busyStats.p95 / idleStats.p95).toFixed(2),
    targets: { seconds: LIMIT_MS / 1000, p95Ratio: 2 },
  };
  console.log(
    `importação de ${FILES} relatórios: ${result.seconds} s (${result.ready} prontos, ${result.failed} falharam); ` +
      `lista p95 ociosa ${idleStats.p95} ms, durante ${busyStats.p95} ms (${result.p95Ratio}×)`,
  );
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results-import.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(
    join(root, 'bench', 'results-import.md'),
    [
      `# Importação de arquivo (${result.when}, PGlite, ${COUNT} experimentos)`,
      '',
      '| medida | valor | meta |',
      '| --- | --- | --- |',
      `| ${FILES} relatórios de texto até prontos | ${result.seconds} s (${result.ready} prontos, ${result.failed} falharam) | ≤ 120 s |`,
      `| envio de um bloco de ${CHUNK} (p50 / p95) | ${result.uploadChunkMs.p50} / ${result.uploadChunkMs.p95} ms | – |`,
      `| lista de 50, ociosa (p50 / p95) | ${idleStats.p50} / ${idleStats.p95} ms | – |`,
      `| lista de 50, durante a importação (p50 / p95) | ${busyStats.p50} / ${busyStats.p95} ms | p95 ≤ 2× ociosa |`,
      `| razão dos p95 | ${result.p95Ratio}× | ≤ 2× |`,
      '',
    ].join('\n'),
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  if (!arg('data-dir', undefined)) rmSync(dataDir, { recursive: true, force: true });
}
