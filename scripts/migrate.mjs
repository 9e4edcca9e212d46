// `npm run db:migrate`: apply pending migrations to DATA_DIR's embedded database or DATABASE_URL.
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale(['server']);
await import('../dist/node/server/db/migrate-cli.js');
