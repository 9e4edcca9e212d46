/**
 * Account schemas: the forms (react-hook-form) and the API validate with these same objects.
 * Messages: docs/product-rules.md#sign-in-sign-up-and-recovery and #messages. Written with
 * `zod/mini`: these are the only schemas the sign-in pages load, and the tree-shakable build keeps
 * `/login` within its JavaScript budget.
 */
import { z } from './zod-mini.js';
import { COMPANY_MAX, EMAIL_MAX, NAME_MAX, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN, ROLES } from './constants.js';
import { MSG } from './messages.js';

export const AUTH_MSG = {
  loginRequired: 'Por favor, preencha todos os campos',
  registerRequired: 'Por favor, preencha todos os campos obrigatórios',
  emailInvalid: 'Por favor, insira um email válido',
  nameTooShort: 'O nome deve ter pelo menos 2 caracteres',
  nameTooLong: 'O nome deve ter no máximo 100 caracteres',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres',
  passwordTooLong: 'A senha deve ter no máximo 128 caracteres',
  passwordsDoNotMatch: 'As senhas não coincidem',
  termsRequired: 'Você precisa aceitar os Termos de Uso e a Política de Privacidade',
  companyTooLong: 'O nome da empresa deve ter no máximo 150 caracteres',
  currentPasswordWrong: 'Senha atual incorreta',
  currentPasswordRequired: 'Informe a senha atual para alterar o email',
  resetTokenInvalid: 'Link de recuperação inválido ou expirado. Solicite um novo.',
  lastAdmin: 'É necessário manter pelo menos um administrador.',
  loginSuccess: 'Login realizado com sucesso! Redirecionando...',
  registerSuccess: 'Conta criada com sucesso! Redirecionando para o dashboard...',
  forgotSuccess: 'Email de recuperação enviado! Verifique sua caixa de entrada.',
  loginError: 'Erro ao fazer login. Tente novamente.',
  registerError: 'Erro ao criar conta. Tente novamente.',
  forgotError: 'Erro ao enviar email de recuperação. Tente novamente.',
  profileError: 'Erro ao atualizar perfil. Tente novamente.',
  profileSuccess: 'Perfil atualizado com sucesso!',
  logoutSuccess: 'Logout realizado com sucesso!',
  sessionExpired: 'Sua sessão expirou. Entre novamente para continuar de onde parou.',
  passwordChanged: 'Senha alterada com sucesso!',
  passwordReset: 'Senha redefinida com sucesso!',
  notInformed: 'Não informado',
} as const;

/** A basic {something}@{something}.{something} pattern (docs/product-rules.md#sign-in-sign-up-and-recovery). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type StringCheck = Parameters<z.ZodMiniString['check']>[number];

/**
 * A required string: missing or empty (after `before`, e.g. trimming) says only `requiredMessage`;
 * anything typed then goes through the field's own checks.
 */
const required = (requiredMessage: string, before: StringCheck[], ...checks: StringCheck[]) =>
  z.string({ error: requiredMessage }).check(...before, z.minLength(1, { error: requiredMessage, abort: true }), ...checks);

/** E-mail as stored: trimmed, lower-case; the message says what the user must fix. */
const email = (requiredMessage: string) =>
  required(
    requiredMessage,
    [z.trim()],
    z.maxLength(EMAIL_MAX, AUTH_MSG.emailInvalid),
    z.regex(EMAIL_PATTERN, AUTH_MSG.emailInvalid),
    z.toLowerCase(),
  );

const name = (requiredMessage: string) =>
  required(requiredMessage, [z.trim()], z.minLength(NAME_MIN, AUTH_MSG.nameTooShort), z.maxLength(NAME_MAX, AUTH_MSG.nameTooLong));

const newPassword = (requiredMessage: string) =>
  required(requiredMessage, [], z.minLength(PASSWORD_MIN, AUTH_MSG.passwordTooShort), z.maxLength(PASSWORD_MAX, AUTH_MSG.passwordTooLong));

/** A required field that only has to be there (passwords to check, tokens). */
const present = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).check(z.minLength(1, message), z.maxLength(max, tooLong));

/** Optional company: blank becomes null. */
const company = z.pipe(
  z.nullish(z.string().check(z.trim(), z.maxLength(COMPANY_MAX, AUTH_MSG.companyTooLong))),
  z.transform((v) => (v ? v : null)),
);

/** The confirmation must repeat `field` (compared only once the confirmation was typed). */
const confirms = <T extends Record<string, unknown>>(field: keyof T & string) =>
  z.refine<T>((v) => !v.confirmPassword || v[field] === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MSG.passwordsDoNotMatch,
    // Also when other fields have issues, so that every message shows at once.
    when: (p) => typeof p.value === 'object' && p.value !== null && Boolean((p.value as { confirmPassword?: unknown }).confirmPassword),
  });

export const roleSchema = z.enum(ROLES, { error: MSG.invalidRole });

export const loginSchema = z.object({
  email: email(AUTH_MSG.loginRequired),
  password: present(AUTH_MSG.loginRequired, 1024, MSG.invalidCredentials),
});
export type LoginInput = z.input<typeof loginSchema>;

/** What the API takes to create an account. */
export const registerSchema = z.object({
  name: name(AUTH_MSG.registerRequired),
  email: email(AUTH_MSG.registerRequired),
  password: newPassword(AUTH_MSG.registerRequired),
  company,
  role: z._default(roleSchema, 'user'),
});
export type RegisterBody = z.input<typeof registerSchema>;

/** The sign-up form: the API body plus confirmation and consent. */
export const registerFormSchema = z
  .extend(registerSchema, {
    confirmPassword: z.string().check(z.minLength(1, { error: AUTH_MSG.registerRequired, abort: true })),
    terms: z.boolean().check(z.refine((v) => v, AUTH_MSG.termsRequired)),
  })
  .check(confirms('password'));
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export const forgotPasswordSchema = z.object({ email: email(AUTH_MSG.emailInvalid) });

export const resetPasswordSchema = z.object({
  token: present(AUTH_MSG.resetTokenInvalid, 200, AUTH_MSG.resetTokenInvalid),
  password: newPassword(MSG.required),
});

/** A form that sets a password: the API's body plus the confirmation, which must repeat `field`. */
const withConfirmation = <S extends z.ZodMiniObject>(schema: S, field: keyof z.output<S> & string) =>
  z.extend(schema, { confirmPassword: z.string().check(z.minLength(1, MSG.required)) }).check(confirms<Record<string, unknown>>(field));

export const resetPasswordFormSchema = withConfirmation(resetPasswordSchema, 'password');

/** The profile form: every field. The API takes any subset of them. */
export const profileSchema = z.object({
  name: name(MSG.required),
  email: email(MSG.required),
  company,
  role: roleSchema,
});
/**
 * What the API takes: any subset of the profile; changing the e-mail also needs `currentPassword`
 * (checked by the server, which alone knows the current e-mail; blank counts as missing).
 */
export const profileUpdateSchema = z.extend(z.partial(profileSchema), {
  currentPassword: z.optional(
    z.string({ error: AUTH_MSG.currentPasswordRequired }).check(z.maxLength(1024, AUTH_MSG.currentPasswordWrong)),
  ),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** The profile form of the account whose e-mail is `currentEmail`: the password is asked when the e-mail changes. */
export const profileFormSchema = (currentEmail: string) =>
  z.extend(profileSchema, { currentPassword: z.optional(z.string().check(z.maxLength(1024, AUTH_MSG.currentPasswordWrong))) }).check(
    z.refine((v) => v.email === currentEmail || Boolean(v.currentPassword), {
      path: ['currentPassword'],
      message: AUTH_MSG.currentPasswordRequired,
    }),
  );
export type ProfileFormInput = z.input<ReturnType<typeof profileFormSchema>>;

export const changePasswordSchema = z.object({
  currentPassword: present(MSG.required, 1024, AUTH_MSG.currentPasswordWrong),
  newPassword: newPassword(MSG.required),
});

export const changePasswordFormSchema = withConfirmation(changePasswordSchema, 'newPassword');

export const roleChangeSchema = z.object({ role: roleSchema });

/** The user as the API returns it. */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  role: (typeof ROLES)[number];
  company: string | null;
  createdAt: string;
}

export interface AuthResponse {
  user: PublicUser;
  token: string;
  /** Only signs this user out (POST /api/auth/logout as the bearer): kept for a sign-out made offline. */
  signOutToken: string;
}
