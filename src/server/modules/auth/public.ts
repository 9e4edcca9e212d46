/** What other modules and the app may use of auth; its other files are its own (eslint.config.js). */
export { AuthService, type Session } from './service.js';
export { AccessTokens } from './tokens.js';
export { signingKey } from './signing-key.js';
export { createMailer, type Mailer } from './mailer.js';
export { setSessionCookie } from './session-cookie.js';
export { hashPassword, verifyPassword } from './passwords.js';
