// `node scripts/bench-save.mjs [-- --count 1000] [-- --saves 30] [-- --port N]`: what saving a large
// trial costs. Seeds a fresh embedded database with N experiments (as scripts/bench.mjs does),
// starts the built server as its own process, creates one experiment of 20 treatments × 12
// replicates (DBC) and then:
//   1. PUTs it `saves` times in a row, each time with other yields (nothing learnt from one save
//      helps the next), and times each answer: p50/p95, and the first save apart;
//   2. after each save, reads its trial analysis (GET …/analise) twice: the first read follows a
//      new version, the second is the same version read again;
//   3. reads the dashboard aggregates after each save (cold: the write emptied their cache).
//   4. the same for a trial of 12 treatments × 4 blocks with 20 assessments (960 plot values): its
//      PUT, its read by id and the analysis of one assessment.
// Target: the PUT's p95 ≤ 100 ms. The server's CPU time per save (from /proc, in clock ticks) is
// printed too: on a shared machine it says what a save costs when the latencies say how busy it was.
// `--server-root DIR` runs the server built in another checkout (e.g. main before a change, for a
// "before" figure on the same machine at the same time); `--label L` names the result files.
// Writes bench/results-save[-L].json and .md (`scripts/bench.mjs` runs it too; --no-save skips it).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';
import {
  BENCH_EXPERIMENT,
  benchServerEnv,
  demoAuth,
  option as arg,
  benchPdf,
  experimentMultipart,
  freePort,
  percentile as pct,
  spawnBenchServer,
  waitForHealth,
} from './bench-support.mjs';

const COUNT = Number(arg('count', '1000'));
const SAVES = Number(arg('saves', '30'));
const TREATMENTS = 20;
const REPLICATES = 12;
const TARGET_P95_MS = 100;
const RATED = { treatments: 12, blocks: 4, assessments: Number(arg('avaliacoes', '20')) };

buildIfStale(['server']);
const { openDatabase } = await import('../dist/node/server/db/client.js');
const { seedDemo } = await import('../dist/node/server/seed/demo.js');

const stats = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: +pct(s, 50).toFixed(1), p95: +pct(s, 95).toFixed(1), max: +(s.at(-1) ?? 0).toFixed(1), n: s.length };
};

const dataDir = mkdtempSync(join(tmpdir(), 'ga-bench-save-'));
console.log(`Salvamento: semeando ${COUNT} experimentos...`);
const database = await openDatabase({ dataDir });
await database.migrate();
await seedDemo(database.db, { count: COUNT, seed: 7, treatments: 5, products: 2, analyses: 1 });
await database.close();

const port = Number(arg('port', String(await freePort())));
const base = `http://127.0.0.1:${port}`;
const serverRoot = arg('server-root', root);
const server = spawnBenchServer(benchServerEnv({ port, dataDir }), { serverRoot });
/** The server's user + system CPU time so far, in ms (Linux: /proc/<pid>/stat, fields 14 and 15, in ticks of 10 ms). */
const cpuMs = () => {
  const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

// A small linear congruential generator: the same yields on every run, different on every save.
let seed = 12345;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const treatmentsOf = () =>
  Array.from({ length: TREATMENTS }, (_, i) => ({
    nome: i ? `Tratamento ${i + 1}` : 'Testemunha',
    modalidade: 'Foliar',
    // Effects large enough that some saves give the best treatment a significant win, some not.
    repeticoes: Array.from({ length: REPLICATES }, () => Math.round((3200 + i * 12 * random() + 600 * random()) * 10) / 10),
    produtos_aplicados: i ? [{ nome: 'Aminoagro Raiz', dose: 0.5, custo: 40 }] : [],
    analises_adicionais: [],
  }));

/** 20 assessments: severity, incidence and defoliation on dates a week apart, then height, SPAD and stand. */
const assessments = Array.from({ length: RATED.assessments }, (_, k) => {
  const kinds = [
    { nome: 'Severidade', unidade: '%', tipo: 'porcentagem', alvo: 'Ferrugem-asiática' },
    { nome: 'Incidência', unidade: '%', tipo: 'porcentagem', alvo: 'Ferrugem-asiática' },
    { nome: 'Desfolha', unidade: '%', tipo: 'porcentagem' },
    { nome: 'Altura de Plantas', unidade: 'cm', tipo: 'medida' },
    { nome: 'Índice SPAD', unidade: 'índice SPAD', tipo: 'medida' },
    { nome: 'Stand Final', unidade: 'plantas/m²', tipo: 'contagem' },
  ];
  const kind = kinds[k % kinds.length];
  const day = 10 + 7 * Math.floor(k / kinds.length);
  return { chave: `a${k + 1}`, ...kind, data: `2026-01-${String(day).padStart(2, '0')}`, estadio: 'R5.1' };
});
const ratedTreatmentsOf = () =>
  Array.from({ length: RATED.treatments }, (_, i) => ({
    nome: i ? `Tratamento ${i + 1}` : 'Testemunha',
    modalidade: 'Foliar',
    repeticoes: Array.from({ length: RATED.blocks }, () => Math.round((3200 + 600 * random()) * 10) / 10),
    observacoes: Object.fromEntries(
      assessments.map((a) => [
        a.chave,
        Array.from({ length: RATED.blocks }, () =>
          a.tipo === 'contagem' ? Math.round(20 + 10 * random()) : Math.round((a.tipo === 'porcentagem' ? 60 : 100) * random() * 10) / 10,
        ),
      ]),
    ),
  }));

try {
  await waitForHealth(base);
  const auth = await demoAuth(base);
  const multipart = (data, pdf) => experimentMultipart(data, pdf).body;
  const headers = { ...auth, 'content-type': experimentMultipart({}, null).contentType };
  const experiment = BENCH_EXPERIMENT;
  const pdf = benchPdf(1040);
  const created = await fetch(`${base}/api/experiments`, {
    method: 'POST',
    headers,
    body: multipart({ ...experiment, tratamentos: treatmentsOf() }, pdf),
  });
  if (!created.ok) throw new Error(`criação: ${created.status} ${await created.text()}`);
  const { id, version: firstVersion } = (await created.json()).experiment;

  const timed = async (path, init) => {
    const s = performance.now();
    const r = await fetch(`${base}${path}`, init);
    const body = await r.text();
    return { ms: performance.now() - s, ok: r.ok, status: r.status, body };
  };
  const saves = [];
  const analysisFirst = [];
  const analysisAgain = [];
  const dashboard = [];
  let errors = 0;
  let version = firstVersion;
  let saveCpuMs = 0;
  for (let i = 0; i < SAVES; i++) {
    const cpuBefore = cpuMs();
    const put = await timed(`/api/experiments/${id}`, {
      method: 'PUT',
      headers,
      body: multipart({ ...experiment, tratamentos: treatmentsOf(), version }, null),
    });
    saves.push(put.ms);
    saveCpuMs += cpuMs() - cpuBefore;
    if (!put.ok) {
      errors++;
      console.error(`PUT ${put.status}: ${put.body.slice(0, 200)}`);
      continue;
    }
    version = JSON.parse(put.body).experiment.version;
    const first = await timed(`/api/experiments/${id}/analise`, { headers: auth });
    const again = await timed(`/api/experiments/${id}/analise`, { headers: auth });
    if (!first.ok || !again.ok || first.body !== again.body) errors++;
    analysisFirst.push(first.ms);
    analysisAgain.push(again.ms);
    const dash = await timed('/api/dashboard', { headers: auth });
    if (!dash.ok) errors++;
    dashboard.push(dash.ms);
  }
  // The trial with assessments: created, then saved, read by id and one assessment analysed each time.
  const ratedBody = (extra) =>
    multipart({ ...experiment, blocos: RATED.blocks, avaliacoes: assessments, tratamentos: ratedTreatmentsOf(), ...extra }, null);
  const rated = await fetch(`${base}/api/experiments`, {
    method: 'POST',
    headers,
    body: multipart({ ...experiment, blocos: RATED.blocks, avaliacoes: assessments, tratamentos: ratedTreatmentsOf() }, pdf),
  });
  if (!rated.ok) throw new Error(`criação com avaliações: ${rated.status} ${await rated.text()}`);
  const { id: ratedId, version: ratedFirstVersion } = (await rated.json()).experiment;
  let ratedVersion = ratedFirstVersion;
  const ratedSaves = [];
  const ratedReads = [];
  const ratedAnalyses = [];
  for (let i = 0; i < SAVES; i++) {
    const put = await timed(`/api/experiments/${ratedId}`, { method: 'PUT', headers, body: ratedBody({ version: ratedVersion }) });
    ratedSaves.push(put.ms);
    if (!put.ok) {
      errors++;
      console.error(`PUT com avaliações ${put.status}: ${put.body.slice(0, 200)}`);
      continue;
    }
    const saved = JSON.parse(put.body).experiment;
    ratedVersion = saved.version;
    if (saved.avaliacoes.length !== RATED.assessments || Object.keys(saved.tratamentos[0].observacoes).length !== RATED.assessments)
      errors++;
    const read = await timed(`/api/experiments/${ratedId}`, { headers: auth });
    if (!read.ok) errors++;
    ratedReads.push(read.ms);
    const analysis = await timed(`/api/experiments/${ratedId}/analise?avaliacao=a${(i % RATED.assessments) + 1}`, { headers: auth });
    if (!analysis.ok) errors++;
    ratedAnalyses.push(analysis.ms);
  }
  // The field plan on the same trial: its layout drawn, then one assessment collected plot by plot
  // (every plot at once, each with the value the device saw before: no conflicts).
  const json = { ...auth, 'content-type': 'application/json' };
  const draws = [];
  const collections = [];
  let plots = [];
  for (let i = 0; i < SAVES; i++) {
    const draw = await timed(`/api/experiments/${ratedId}/croqui`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ semente: i + 1 }),
    });
    draws.push(draw.ms);
    if (!draw.ok) errors++;
    else plots = JSON.parse(draw.body).croqui.parcelas;
  }
  // What the server holds now: each plot's value of the assessment, as a device would have read it.
  const current = JSON.parse((await timed(`/api/experiments/${ratedId}`, { headers: auth })).body).experiment;
  let held = new Map(plots.map((p) => [p.numero, current.tratamentos[p.tratamento].observacoes.a3[p.repeticao - 1] ?? null]));
  for (let i = 0; i < SAVES; i++) {
    const valores = plots.map((p) => ({ numero: p.numero, valor: (i * 7 + p.numero) % 100, anterior: held.get(p.numero) ?? null }));
    const put = await timed(`/api/experiments/${ratedId}/coleta`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ avaliacao: 'a3', valores }),
    });
    collections.push(put.ms);
    const answer = put.ok ? JSON.parse(put.body) : null;
    if (!answer || answer.conflitos.length) errors++;
    held = new Map(valores.map((v) => [v.numero, v.valor]));
  }
  const out = {
    when: new Date().toISOString(),
    count: COUNT,
    trial: `${TREATMENTS} tratamentos × ${REPLICATES} repetições (DBC)`,
    firstSaveMs: +(saves[0] ?? 0).toFixed(1),
    save: stats(saves),
    saveCpuMsMean: +(saveCpuMs / SAVES).toFixed(1),
    analysisAfterSave: stats(analysisFirst),
    analysisAgain: stats(analysisAgain),
    dashboardAfterSave: stats(dashboard),
    ratedTrial: `${RATED.treatments} tratamentos × ${RATED.blocks} blocos × ${RATED.assessments} avaliações`,
    ratedSave: stats(ratedSaves),
    ratedRead: stats(ratedReads),
    ratedAnalysis: stats(ratedAnalyses),
    croquiDraw: stats(draws),
    coleta: stats(collections),
    errors,
    targetP95Ms: TARGET_P95_MS,
  };
  const rows = [
    ['PUT (salvar o experimento)', out.save],
    ['GET …/analise, primeira leitura da versão', out.analysisAfterSave],
    ['GET …/analise, mesma versão de novo', out.analysisAgain],
    ['GET /api/dashboard após o salvamento', out.dashboardAfterSave],
    [`PUT de ${out.ratedTrial}`, out.ratedSave],
    [`GET /api/experiments/:id de ${out.ratedTrial}`, out.ratedRead],
    ['GET …/analise?avaliacao= (uma avaliação, primeira leitura)', out.ratedAnalysis],
    [`POST …/croqui (sortear ${RATED.treatments * RATED.blocks} parcelas)`, out.croquiDraw],
    [`PUT …/coleta (${RATED.treatments * RATED.blocks} parcelas de uma avaliação)`, out.coleta],
  ];
  const md = [
    `### Salvar um ensaio de ${out.trial}, ${COUNT.toLocaleString('pt-BR')} experimentos (${out.when.slice(0, 10)})`,
    '',
    `Meta: PUT p95 ≤ ${TARGET_P95_MS} ms. Primeiro salvamento: ${out.firstSaveMs} ms. CPU do servidor por salvamento (média): ${out.saveCpuMsMean} ms. Erros: ${errors}.`,
    '',
    '| medida | n | p50 ms | p95 ms | máx ms |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(([name, s]) => `| ${name} | ${s.n} | ${s.p50} | ${s.p95} | ${s.max} |`),
    '',
  ].join('\n');
  const label = arg('label', undefined);
  const name = label ? `results-save-${label}` : 'results-save';
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(join(root, 'bench', `${name}.json`), JSON.stringify(out, null, 2) + '\n');
  writeFileSync(join(root, 'bench', `${name}.md`), md);
  console.log('\n' + md);
  if (errors) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.on('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
