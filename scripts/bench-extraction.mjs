// `npm run bench:extraction [-- --slow-pages 8] [-- --rounds 3] [-- --source DIR] [-- --label antes]`:
// how long a normal report waits for its extraction while slow ones run. Starts the server as its
// own process (the built one of this checkout, or with --source the TypeScript sources of another
// checkout through tsx, e.g. an older commit for a "before" figure), signs up a few users, then:
//   1. alone: a normal report (tests/fixtures/extraction/01-…pdf), median of 5;
//   2. one user sends three slow PDFs at once, then another user the normal report;
//   3. three users send one slow PDF each, then a fourth user the normal report.
// The wait is the normal report's time minus its time alone. Slow PDFs are valid PDFs that keep
// the reader busy (pages of millions of operators, no text: as long as OCR of a short scan).
// Writes bench/results-extraction.json and .md (`scripts/bench.mjs` runs it too).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { buildIfStale, root } from './build-if-stale.mjs';
import { benchServerEnv, option as arg, spawnBenchServer, waitForHealth, freePort } from './bench-support.mjs';

const SLOW_PAGES = Number(arg('slow-pages', '8'));
const ROUNDS = Number(arg('rounds', '3'));
const SOURCE = arg('source', undefined);
const LABEL = arg('label', SOURCE ? 'source' : 'atual');

/** The same slow PDF as src/server/test/hostile-pdfs.ts's slowPdf(). */
function slowPdf(pages) {
  const stream = deflateSync(Buffer.from('q Q\n'.repeat(5_000_000), 'latin1'), { level: 9 });
  const pageIds = Array.from({ length: pages }, (_, i) => 3 + i * 2);
  const objects = [
    Buffer.from('<</Type/Catalog/Pages 2 0 R>>', 'latin1'),
    Buffer.from(`<</Type/Pages/Kids[${pageIds.map((id) => `${id} 0 R`).join(' ')}]/Count ${pages}>>`, 'latin1'),
  ];
  for (const id of pageIds) {
    objects.push(Buffer.from(`<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents ${id + 1} 0 R>>`, 'latin1'));
    objects.push(
      Buffer.concat([Buffer.from(`<</Length ${stream.length}/Filter/FlateDecode>>stream\n`, 'latin1'), stream, Buffer.from('\nendstream')]),
    );
  }
  const parts = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets = [];
  let length = parts[0].length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    length += chunk.length;
  });
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
        offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
        `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

const dataDir = mkdtempSync(join(tmpdir(), 'ga-bench-extraction-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = { ...benchServerEnv({ port, dataDir }), JWT_SECRET: 'bench-extraction-secret-0123456789abcdef' };
let server;
if (SOURCE) {
  server = spawn(process.execPath, ['--import', 'tsx', join(SOURCE, 'src/server/main.ts')], {
    cwd: SOURCE,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
} else {
  buildIfStale(['server']);
  server = spawnBenchServer(env);
}
await waitForHealth(base, 360);

let n = 0;
async function signUp() {
  n++;
  const body = {
    name: `Bench ${n}`,
    email: `bench${n}-${Date.now()}@exemplo.com.br`,
    password: 'senha-segura-bench-1',
    company: 'Bench',
    role: 'user',
  };
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`cadastro falhou: ${res.status} ${await res.text()}`);
  return { authorization: `Bearer ${(await res.json()).token}` };
}
const users = [];
for (let i = 0; i < 5; i++) users.push(await signUp());
const [normalUser, slowUser, ...others] = users;

const normal = readFileSync(join(root, 'tests/fixtures/extraction/01-blocos-soja-rio-verde.pdf'));
const slow = slowPdf(SLOW_PAGES);
async function extract(pdf, auth) {
  const form = new FormData();
  form.append('pdf', new Blob([pdf], { type: 'application/pdf' }), 'relatorio.pdf');
  const started = performance.now();
  const res = await fetch(`${base}/api/extract-pdf`, { method: 'POST', body: form, headers: auth });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round1 = (x) => Math.round(x * 10) / 10;

// Warm-up (workers start on demand), then the normal report alone.
await extract(normal, normalUser);
const alone = [];
for (let i = 0; i < 5; i++) alone.push((await extract(normal, normalUser)).ms);
const aloneMs = median(alone);
console.log(`[${LABEL}] relatório normal sozinho: mediana ${aloneMs.toFixed(0)} ms`);
const slowAlone = await extract(slow, slowUser);
console.log(`[${LABEL}] PDF lento sozinho (${SLOW_PAGES} páginas): ${(slowAlone.ms / 1000).toFixed(1)} s, status ${slowAlone.status}`);

async function scenario(name, senders) {
  const runs = [];
  for (let r = 0; r < ROUNDS; r++) {
    const slowOnes = senders.map((auth) => extract(slow, auth));
    // The slow ones are in before the normal report is sent.
    await new Promise((res) => setTimeout(res, 500));
    const mine = await extract(normal, normalUser);
    const statuses = (await Promise.all(slowOnes)).map((s) => s.status);
    runs.push({
      normalMs: round1(mine.ms),
      waitMs: round1(Math.max(0, mine.ms - aloneMs)),
      normalStatus: mine.status,
      slowStatuses: statuses,
    });
    console.log(
      `[${LABEL}] ${name}, rodada ${r + 1}: relatório normal em ${(mine.ms / 1000).toFixed(2)} s (espera ${(Math.max(0, mine.ms - aloneMs) / 1000).toFixed(2)} s), lentos: ${statuses.join(', ')}`,
    );
  }
  return { name, medianWaitMs: median(runs.map((x) => x.waitMs)), maxWaitMs: Math.max(...runs.map((x) => x.waitMs)), runs };
}
const scenarios = [
  await scenario('3 PDFs lentos de um usuário', [slowUser, slowUser, slowUser]),
  await scenario('3 PDFs lentos de três usuários', [slowUser, others[0], others[1]]),
];

server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));
rmSync(dataDir, { recursive: true, force: true });

const out = {
  when: new Date().toISOString(),
  label: LABEL,
  source: SOURCE ?? 'dist (this checkout)',
  // The server's own default unless set (the code before the pool had one worker and no setting).
  workers: process.env.EXTRACTION_WORKERS ?? 'padrão do servidor',
  slowPages: SLOW_PAGES,
  normalAloneMs: round1(aloneMs),
  slowAloneMs: round1(slowAlone.ms),
  scenarios,
};
mkdirSync(join(root, 'bench'), { recursive: true });
const file = `results-extraction${LABEL === 'atual' ? '' : `-${LABEL}`}`;
writeFileSync(join(root, 'bench', `${file}.json`), JSON.stringify(out, null, 2) + '\n');
const md = [
  `### extração sob carga: ${LABEL} (${out.when.slice(0, 10)})`,
  '',
  `Relatório normal sozinho: ${out.normalAloneMs} ms (mediana de 5); PDF lento sozinho: ${(out.slowAloneMs / 1000).toFixed(1)} s (${SLOW_PAGES} páginas).`,
  '',
  '| cenário | espera do relatório normal, mediana | pior | status dos lentos |',
  '| --- | --- | --- | --- |',
  ...scenarios.map(
    (s) =>
      `| ${s.name} | ${(s.medianWaitMs / 1000).toFixed(2)} s | ${(s.maxWaitMs / 1000).toFixed(2)} s | ${[...new Set(s.runs.flatMap((r) => r.slowStatuses))].join(', ')} |`,
  ),
  '',
].join('\n');
writeFileSync(join(root, 'bench', `${file}.md`), md);
console.log('\n' + md);
