// `npm run db:restore -- FILE`: restores a backup written by `npm run db:backup`.
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale(['server']);
process.argv.splice(2, 0, 'restore');
await import('../dist/node/server/db/backup-cli.js');
