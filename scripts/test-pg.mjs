// `npm run test:pg`: the integration suite against a real PostgreSQL server. Creates a fresh
// database for the run (dropped afterwards) on the server of DATABASE_URL, or of
// postgres://postgres@127.0.0.1:5432/postgres by default.
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { root } from './build-if-stale.mjs';

const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `ga_test_${Date.now()}_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();

const url = new URL(adminUrl);
url.pathname = `/${name}`;
console.log(`PostgreSQL de teste: ${url.host}/${name}`);
const res = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'integration', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url.toString() },
});

const cleanup = new pg.Client({ connectionString: adminUrl });
await cleanup.connect();
const leftovers = await cleanup.query(`select datname from pg_database where datname like $1`, [`${name}%`]);
for (const { datname } of leftovers.rows) await cleanup.query(`drop database if exists "${datname}" with (force)`);
await cleanup.end();
process.exit(res.status ?? 1);
