// `node scripts/bench-cluster.mjs [--servers 1,2] [--seconds S] [--connections C] [--direct]`:
// requests/s of the list (and the cached dashboard and stats) with N app servers (built dist,
// `npm start`'s flags) on the PostgreSQL of DATABASE_URL, seeded beforehand (`npm run seed:demo --
// --count N`; the demo user signs in), through a round-robin balancer (scripts/balancer.mjs, its
// own process). `--direct` loads each server itself instead (the sum is what a balancer would pass
// on, without its own cost).
//
// Where the time goes: the CPU each process used during each run (app servers, balancer,
// PostgreSQL's backends of this database, this load generator), per request. On a machine whose cores are all
// busy, requests/s ≈ cores / CPU per request; with more cores, servers are added until
// PostgreSQL's share is the bound. docs/deploy.md ("Measured") records the figures; the results go
// to bench/results-cluster-<N experiments>.json.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildIfStale, root } from './build-if-stale.mjs';
import { benchServerEnv, freePort, option, spawnBenchServer, waitForHealth } from './bench-support.mjs';

const SERVER_COUNTS = option('servers', '1,2').split(',').map(Number);
const SECONDS = Number(option('seconds', '10'));
const CONNECTIONS = Number(option('connections', '8'));
const DIRECT = process.argv.includes('--direct');
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Defina DATABASE_URL (PostgreSQL com os dados de demonstração).');
buildIfStale(['server']);

const TICK_MS = 10; // Linux's USER_HZ of 100: /proc times are in hundredths of a second.
/** CPU milliseconds (user + system) a process has used so far. */
function cpuOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}
/**
 * PostgreSQL's backends serving this database (the app servers' pools), by pid: what other
 * databases of the machine cost is not ours. Background writers are left out (shared by all).
 */
async function postgresCpu() {
  const { rows } = await client.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  return new Map(rows.map(({ pid }) => [pid, cpuOf(pid)]));
}
const postgresSince = (before, after) => [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
const selfCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const experiments = Number((await client.query('select count(*)::int as n from experiments')).rows[0].n);

// The servers' DATA_DIR (their documents' folder): the data itself is in PostgreSQL.
const dataDir = mkdtempSync(join(tmpdir(), 'ga-cluster-'));

async function startServers(n) {
  const servers = [];
  for (let i = 0; i < n; i++) {
    const port = await freePort();
    const env = { ...benchServerEnv({ port, dataDir, databaseUrl }), TRUST_PROXY: '127.0.0.1' };
    servers.push({ port, base: `http://127.0.0.1:${port}`, child: spawnBenchServer(env) });
  }
  for (const { base } of servers) await waitForHealth(base);
  return servers;
}

async function startBalancer(servers) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [join(root, 'scripts/balancer.mjs'), '--port', String(port), '--upstreams', servers.map((s) => `127.0.0.1:${s.port}`).join(',')],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base);
  return { base, child };
}

const stop = async (child) => {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
};

const run = (url, headers, connections) =>
  new Promise((resolve, reject) =>
    autocannon({ url, headers, connections, duration: SECONDS }, (err, res) => (err ? reject(err) : resolve(res))),
  );

const rows = [];
for (const n of SERVER_COUNTS) {
  const servers = await startServers(n);
  const balancer = DIRECT ? null : await startBalancer(servers);
  const entry = balancer?.base ?? servers[0].base;
  const login = await fetch(`${entry}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@gestaoagricola.com.br', password: 'demo1234' }),
  });
  const { token } = await login.json();
  // As a browser asks: compressed answers.
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate' };

  for (const [name, path] of [
    ['list page of 50', '/api/experiments?limit=50'],
    ['dashboard aggregates (cached)', '/api/dashboard'],
    ['stats (cached)', '/api/experiments/stats'],
  ]) {
    // Warm: each server's pool, caches and JIT.
    for (const { base } of servers) for (let i = 0; i < 10; i++) await (await fetch(base + path, { headers })).arrayBuffer();
    const before = {
      servers: servers.map((s) => cpuOf(s.child.pid)),
      balancer: balancer ? cpuOf(balancer.child.pid) : 0,
      postgres: await postgresCpu(),
      client: selfCpu(),
    };
    const results = DIRECT
      ? await Promise.all(servers.map(({ base }) => run(base + path, headers, CONNECTIONS)))
      : [await run(entry + path, headers, CONNECTIONS * n)];
    const cpu = {
      servers: servers.reduce((sum, s, i) => sum + cpuOf(s.child.pid) - before.servers[i], 0),
      balancer: balancer ? cpuOf(balancer.child.pid) - before.balancer : 0,
      postgres: postgresSince(before.postgres, await postgresCpu()),
      client: selfCpu() - before.client,
    };
    const requests = results.reduce((sum, r) => sum + r.requests.total, 0);
    const rps = results.reduce((sum, r) => sum + r.requests.average, 0);
    const perRequest = Object.fromEntries(Object.entries(cpu).map(([k, ms]) => [k, +(ms / Math.max(1, requests)).toFixed(3)]));
    const row = {
      name,
      servers: n,
      through: DIRECT ? 'direto' : 'balanceador',
      connections: CONNECTIONS * n,
      rps: Math.round(rps),
      p50: Math.max(...results.map((r) => r.latency.p50)),
      p97_5: Math.max(...results.map((r) => r.latency.p97_5)),
      errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
      cpuMsPerRequest: perRequest,
      cpuMsPerRequestTotal: +Object.values(perRequest)
        .reduce((a, b) => a + b, 0)
        .toFixed(3),
      kbPerAnswer: +(results.reduce((sum, r) => sum + r.throughput.total, 0) / Math.max(1, requests) / 1024).toFixed(1),
    };
    rows.push(row);
    console.log(
      `${name.padEnd(30)} ${n} servidor(es) (${row.through})  ${row.rps} req/s  p50 ${row.p50} ms  p97.5 ${row.p97_5} ms  erros ${row.errors}  ` +
        `CPU ms/req: servidores ${perRequest.servers}, balanceador ${perRequest.balancer}, PostgreSQL ${perRequest.postgres}, carga ${perRequest.client}`,
    );
  }
  if (balancer) await stop(balancer.child);
  for (const { child } of servers) await stop(child);
}

await client.end();
rmSync(dataDir, { recursive: true, force: true });
const out = join(root, 'bench', `results-cluster-postgres-${experiments}.json`);
writeFileSync(
  out,
  `${JSON.stringify({ experiments, seconds: SECONDS, connectionsPerServer: CONNECTIONS, cores: availableParallelism(), rows }, null, 2)}\n`,
);
console.log(`Resultados em ${out}`);
