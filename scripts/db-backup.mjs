// `npm run db:backup [-- FILE]`: a consistent copy of DATA_DIR's embedded database or DATABASE_URL.
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale(['server']);
process.argv.splice(2, 0, 'backup');
await import('../dist/node/server/db/backup-cli.js');
