/** The auth feature's door: app/ imports only from here (eslint.config.js, "Web zones"). */
export { AuthProvider } from './auth-provider.js';
export { useChangePassword } from './api/change-password.js';
export { useForgotPassword } from './api/forgot-password.js';
export { storeSession, useLogin } from './api/login.js';
export { useUpdateProfile } from './api/profile.js';
export { useRegister } from './api/register.js';
export { registrationKey, useRegistrationInfo } from './api/registration.js';
export { useResetPassword } from './api/reset-password.js';
export { useChangeRole, useUsers } from './api/users.js';
export { AuthCard } from './components/auth-card.js';
export { failureMessage, firstError } from './components/form-error.js';
export { AuthLoading, RequireAuth, redirectTarget } from './components/require-auth.js';
export { RoleBadge } from './components/role-badge.js';
