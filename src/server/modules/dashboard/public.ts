/** What the app may use of the dashboard; its other files are its own (eslint.config.js). */
export { dashboardRoutes } from './routes.js';
