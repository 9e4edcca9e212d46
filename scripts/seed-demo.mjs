// `npm run seed:demo -- --count N`: demo experiments in DATA_DIR's embedded database or DATABASE_URL.
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale(['server']);
await import('../dist/node/server/seed/seed-demo-cli.js');
