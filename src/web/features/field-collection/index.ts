/** The field collection's door: app/ imports only from here. */
export { FieldCollectionPage } from './components/field-collection-page.js';
