import type { PublicUser } from '../../../shared/auth.js';
import type { users } from '../../db/schema.js';

/** The one place that decides what a user looks like on the wire. */
export function presentUser(row: typeof users.$inferSelect): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    company: row.company,
    createdAt: row.createdAt.toISOString(),
  };
}
