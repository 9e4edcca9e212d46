/** The field kit's door (croqui, labels, rating sheets, spray mix): app/ imports only from here. */
export { FieldKit } from './components/field-kit.js';
