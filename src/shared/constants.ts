/** Business constants and limits from the spec (000 §9, 001 §9). */
export const ROLES = ['admin', 'user', 'consultor'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrador',
  user: 'Usuário Padrão',
  consultor: 'Consultor Agrícola',
};

/** Roles a visitor may pick when signing up; admin comes only from an admin (or the first account). */
export const SELF_SERVICE_ROLES = ['user', 'consultor'] as const satisfies readonly Role[];

export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const PASSWORD_MIN = 6;
/** Caps the work of hashing a password sent by anyone. */
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const COMPANY_MAX = 150;

export const REQUEST_TIMEOUT_MS = 30_000;
export const REFRESH_TIMEOUT_MS = 5_000;
export const RETRY_MAX = 3;
export const RETRY_DELAY_MS = 1_000;
export const LOGIN_REDIRECT_DELAY_MS = 1_500;
export const REGISTER_REDIRECT_DELAY_MS = 2_000;

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** "7d" in the spec. */
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

export const WIZARD_TOTAL_STEPS = 7;
