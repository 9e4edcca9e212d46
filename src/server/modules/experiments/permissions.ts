import type { AuthUser } from '../../http/auth.js';

/** Owner or admin changes an experiment; everyone signed in reads it (docs/decisions/003). */
export function canModify(user: AuthUser, ownerId: string): boolean {
  return user.role === 'admin' || user.id === ownerId;
}
