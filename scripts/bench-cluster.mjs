// `node scripts/bench-cluster.mjs [--servers N] [--seconds S] [--connections C]`: requests/s of the
// list and the dashboard with N servers (built dist, `npm start`'s flags) on the PostgreSQL of
// DATABASE_URL, seeded beforehand (`npm run seed:demo -- --count 10000`; the demo user signs in).
// Each server gets its own autocannon run, all at once: the sum is what a load balancer in front
// would see, without the balancer's own cost. docs/deploy.md records the figures.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildIfStale, root } from './build-if-stale.mjs';
import { waitForHealth, freePort } from './bench-support.mjs';

const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : def;
};
const SERVERS = Number(arg('servers', '1'));
const SECONDS = Number(arg('seconds', '10'));
const CONNECTIONS = Number(arg('connections', '4'));
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Defina DATABASE_URL (PostgreSQL com os dados de demonstração).');
buildIfStale(['server']);

const servers = [];
for (let i = 0; i < SERVERS; i++) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--max-semi-space-size=2', join(root, 'dist/node/server/main.js')], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', AUTH_LIMIT_PER_EMAIL: '1000000', AUTH_LIMIT_PER_IP: '1000000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.push({ base: `http://127.0.0.1:${port}`, child });
}
for (const { base } of servers) await waitForHealth(base);

const creds = { email: 'demo@gestaoagricola.com.br', password: 'demo1234' };
const login = await fetch(`${servers[0].base}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(creds),
});
const { token } = await login.json();
const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate' };

const run = (url) =>
  new Promise((resolve, reject) =>
    autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS }, (err, res) => (err ? reject(err) : resolve(res))),
  );

const rows = [];
for (const [name, path] of [
  ['list page of 50', '/api/experiments?limit=50'],
  ['dashboard aggregates', '/api/dashboard'],
  ['stats', '/api/experiments/stats'],
]) {
  for (const { base } of servers) for (let i = 0; i < 5; i++) await fetch(base + path, { headers });
  const results = await Promise.all(servers.map(({ base }) => run(base + path)));
  const rps = results.reduce((sum, r) => sum + r.requests.average, 0);
  const p95 = Math.max(...results.map((r) => r.latency.p97_5 ?? r.latency.p99));
  const errors = results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
  rows.push({ name, servers: SERVERS, connections: CONNECTIONS * SERVERS, rps: Math.round(rps), p97_5: p95, errors });
  console.log(`${name.padEnd(24)} ${SERVERS} servidor(es)  ${Math.round(rps)} req/s  p97.5 ${p95} ms  erros ${errors}`);
}
for (const { child } of servers) child.kill('SIGTERM');
console.log(JSON.stringify(rows));
