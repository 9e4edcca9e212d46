/**
 * Bearer authentication for API routes. The user is read from the database on every request
 * (one primary-key read), so a changed role or a deleted account takes effect at once, and the
 * token's session version is compared with the row's: a token issued before a logout, password
 * reset or change, e-mail change or role change is refused (docs/decisions/009).
 */
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/constants.js';
import type { AppContext } from '../context.js';
import { users } from '../db/schema.js';
import { forbidden, unauthorized } from './errors.js';

export type AuthUser = typeof users.$inferSelect;

/** The form of a user id (`users.id` is a uuid column: anything else would be a database error). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}

export function createAuthGuards(ctx: AppContext) {
  const requireUser = async (request: FastifyRequest, _reply?: FastifyReply): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    const claims = await ctx.tokens.verify(match[1]);
    // A well-signed token whose subject is not a user id (another deployment's, a forged key's) is
    // a bad token, not a server failure.
    if (!claims || !UUID.test(claims.userId)) throw unauthorized();
    const [user] = await ctx.db.select().from(users).where(eq(users.id, claims.userId)).limit(1);
    if (!user || user.sessionVersion !== claims.sessionVersion) throw unauthorized();
    request.authUser = user;
  };
  const requireRole =
    (...roles: Role[]) =>
    async (request: FastifyRequest, reply?: FastifyReply): Promise<void> => {
      await requireUser(request, reply);
      if (!roles.includes(currentUser(request).role)) throw forbidden();
    };
  return { requireUser, requireRole };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;
