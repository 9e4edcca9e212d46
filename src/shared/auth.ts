/**
 * Account schemas: the forms (react-hook-form) and the API validate with these same objects.
 * Messages are the spec's (000 §5, §8).
 */
import { z } from 'zod';
import {
  COMPANY_MAX,
  EMAIL_MAX,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  ROLES,
} from './constants.js';
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
  passwordChanged: 'Senha alterada com sucesso!',
  passwordReset: 'Senha redefinida com sucesso!',
  notInformed: 'Não informado',
} as const;

/** A basic {something}@{something}.{something} pattern (spec 000 §5 "general settings"). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** E-mail as stored: trimmed, lower-case; the message says what the user must fix. */
const email = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .max(EMAIL_MAX, AUTH_MSG.emailInvalid)
    .regex(EMAIL_PATTERN, AUTH_MSG.emailInvalid)
    .transform((v) => v.toLowerCase());

const name = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .min(NAME_MIN, AUTH_MSG.nameTooShort)
    .max(NAME_MAX, AUTH_MSG.nameTooLong);

const newPassword = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, { error: requiredMessage, abort: true })
    .min(PASSWORD_MIN, AUTH_MSG.passwordTooShort)
    .max(PASSWORD_MAX, AUTH_MSG.passwordTooLong);

/** Optional company: blank becomes null. */
const company = z
  .string()
  .trim()
  .max(COMPANY_MAX, AUTH_MSG.companyTooLong)
  .nullish()
  .transform((v) => (v ? v : null));

export const roleSchema = z.enum(ROLES, { error: MSG.invalidRole });

export const loginSchema = z.object({
  email: email(AUTH_MSG.loginRequired),
  password: z.string({ error: AUTH_MSG.loginRequired }).min(1, AUTH_MSG.loginRequired).max(1024, MSG.invalidCredentials),
});
export type LoginInput = z.input<typeof loginSchema>;

/** What the API takes to create an account. */
export const registerSchema = z.object({
  name: name(AUTH_MSG.registerRequired),
  email: email(AUTH_MSG.registerRequired),
  password: newPassword(AUTH_MSG.registerRequired),
  company,
  role: roleSchema.default('user'),
});
export type RegisterBody = z.input<typeof registerSchema>;

/** The sign-up form: the API body plus confirmation and consent. */
export const registerFormSchema = registerSchema
  .extend({
    confirmPassword: z.string().min(1, { error: AUTH_MSG.registerRequired, abort: true }),
    terms: z.boolean().refine((v) => v, AUTH_MSG.termsRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MSG.passwordsDoNotMatch,
    // Only compare once both were typed: an empty confirmation already has its own message.
    when: (p) => typeof p.value === 'object' && p.value !== null && Boolean((p.value as { confirmPassword?: unknown }).confirmPassword),
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export const forgotPasswordSchema = z.object({ email: email(AUTH_MSG.emailInvalid) });

export const resetPasswordSchema = z.object({
  token: z.string().min(1, AUTH_MSG.resetTokenInvalid).max(200, AUTH_MSG.resetTokenInvalid),
  password: newPassword(MSG.required),
});

export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string().min(1, MSG.required) })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: AUTH_MSG.passwordsDoNotMatch });

/** The profile form: every field. The API takes any subset of them. */
export const profileSchema = z.object({
  name: name(MSG.required),
  email: email(MSG.required),
  company,
  role: roleSchema,
});
export const profileUpdateSchema = profileSchema.partial();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, MSG.required).max(1024, AUTH_MSG.currentPasswordWrong),
  newPassword: newPassword(MSG.required),
});

export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().min(1, MSG.required) })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: AUTH_MSG.passwordsDoNotMatch });

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
}
