/** The field collection's door: app/ imports only from here. */
export { FieldCollectionPage } from './components/field-collection-page.js';
export { coletaSync } from './api/coleta.js';
export { coletaStore, coletaUnsentMessage } from './coleta-store.js';
export { refreshAfterColeta } from './coleta-sync.js';
export type { ColetaSyncResult } from './coleta-sync.js';
