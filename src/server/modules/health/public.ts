/** What the app may use of the health module (eslint.config.js: one door per module). */
export { healthRoutes } from './routes.js';
