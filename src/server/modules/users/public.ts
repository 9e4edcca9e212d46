/** What other modules and the app may use of users; its other files are its own (eslint.config.js). */
export { presentUser } from './presenter.js';
