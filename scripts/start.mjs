// `npm start`: build what is stale, then run the server (which applies migrations and listens).
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale(['web', 'server']);
await import('../dist/node/server/main.js');
