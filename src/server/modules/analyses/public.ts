/** What the app may use of the analyses across experiments; its other files are its own (eslint.config.js). */
export { analysisRoutes } from './routes.js';
