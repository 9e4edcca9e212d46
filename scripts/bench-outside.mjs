// `node scripts/bench-outside.mjs [--base URL] [--warm N] [--cold N] [--out FILE]`: what a client
// sees, measured from this process (not the server's): each read sequential, on one kept-alive
// connection, timed to its last byte, with the bytes on the wire (gzip, as a browser asks).
// Cold: the read follows a write (a profile change empties every server's aggregate cache);
// warm: the same read again. Without --base it starts the built server on DATABASE_URL (or
// DATA_DIR) as it is: nothing is seeded, so it measures the database you have (`npm run bench`
// seeds one and calls it).
import { request, Agent } from 'node:http';
import { writeFileSync } from 'node:fs';
import { benchServerEnv, demoAuth, freePort, option, percentile, spawnBenchServer, waitForHealth } from './bench-support.mjs';

const WARM = Number(option('warm', '30'));
const COLD = Number(option('cold', '5'));
const OUT = option('out', '');
let base = option('base', '');
let server = null;
if (!base) {
  const port = await freePort();
  server = spawnBenchServer(
    benchServerEnv({ port, dataDir: process.env.DATA_DIR ?? './data', databaseUrl: process.env.DATABASE_URL ?? '' }),
  );
  base = `http://127.0.0.1:${port}`;
  await waitForHealth(base);
}
const auth = await demoAuth(base);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One GET: milliseconds to the last byte, bytes received (compressed), status. */
function get(path) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(`${base}${path}`, { agent, headers: { ...auth, 'accept-encoding': 'gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (c) => (bytes += c.length));
      res.on('end', () => resolve({ ms: performance.now() - started, bytes, status: res.statusCode }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function write(i) {
  const r = await fetch(`${base}/api/users/profile`, {
    method: 'PUT',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ company: `Medição ${Date.now()} ${i}` }),
  });
  if (!r.ok) throw new Error(`profile write ${r.status}`);
}

const list = JSON.parse(await (await fetch(`${base}/api/experiments?limit=1`, { headers: auth })).text());
const someId = list.experiments[0]?.id;
// A cursor 10,000 rows deep: the page after it costs what the first does (keyset), unlike the offset.
const deep = JSON.parse(await (await fetch(`${base}/api/experiments?limit=50&offset=9950`, { headers: auth })).text());
const reads = [
  ['health', '/api/health'],
  ['list page of 50', '/api/experiments?limit=50'],
  ['list page of 50, deep (offset 10,000)', '/api/experiments?limit=50&offset=10000'],
  ...(deep.proximo ? [['list page of 50, deep (cursor at 10,000)', `/api/experiments?limit=50&depois=${deep.proximo}`]] : []),
  ['filtered list', '/api/experiments?regional=GO&cultura=Soja&limit=50'],
  ['filtered list, product substring', '/api/experiments?cultura=Soja&produto=raiz&limit=50'],
  ['stats', '/api/experiments/stats'],
  ['experiment by id', `/api/experiments/${someId}`],
  ['dashboard aggregates', '/api/dashboard'],
  ['dashboard map', '/api/dashboard/mapa'],
  ['dashboard correlation', '/api/dashboard/correlacao'],
];

const round = (v) => +v.toFixed(2);
const summary = (samples) => {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { p50: round(percentile(ms, 50)), p95: round(percentile(ms, 95)), max: round(ms.at(-1) ?? 0), bytes: samples.at(-1)?.bytes ?? 0 };
};
const rows = [];
for (const [name, path] of reads) {
  const cold = [];
  for (let i = 0; i < COLD; i++) {
    await write(i);
    cold.push(await get(path));
  }
  const warm = [];
  for (let i = 0; i < WARM; i++) warm.push(await get(path));
  const errors = [...cold, ...warm].filter((s) => s.status !== 200).length;
  const row = { name, path, cold: summary(cold), warm: summary(warm), errors };
  rows.push(row);
  console.log(
    `${name.padEnd(40)} cold p50 ${String(row.cold.p50).padStart(8)} p95 ${String(row.cold.p95).padStart(8)} ms | warm p50 ${String(row.warm.p50).padStart(8)} p95 ${String(row.warm.p95).padStart(8)} ms | ${(row.warm.bytes / 1024).toFixed(1)} KB${errors ? ` | ${errors} erros` : ''}`,
  );
}
if (OUT) writeFileSync(OUT, `${JSON.stringify({ base, when: new Date().toISOString(), warm: WARM, cold: COLD, rows }, null, 2)}\n`);
agent.destroy();
if (server) {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
}
