/** What the app may use of the extraction module; its other files are its own (eslint.config.js). */
export { extractionRoutes } from './routes.js';
