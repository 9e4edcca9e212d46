// `npm run user:admin -- EMAIL`: grant the admin role to an existing account (server stopped
// when on the embedded database).
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale(['server']);
await import('../dist/node/server/db/grant-admin-cli.js');
