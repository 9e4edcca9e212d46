/** What other modules and the app may use of lookups; its other files are its own (eslint.config.js). */
export { readReferenceData } from './reference-data.js';
