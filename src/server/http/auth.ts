/**
 * Bearer authentication for API routes. The user is read from the database on every request
 * (one primary-key read), so a changed role or a deleted account takes effect at once, and the
 * token's session version is compared with the row's: a token issued before a logout, password
 * reset or change, e-mail change or role change is refused (docs/decisions/009).
 *
 * Guards are `onRequest` hooks: they run before the body is read or parsed, so a request without
 * a valid token costs one token check whatever it sends. `enforceRouteAccess` makes that a rule:
 * every API route either declares itself public (`config: { public: true }`) or has a guard among
 * its `onRequest` hooks, else the app refuses to start. An answer that passed a guard is a signed-in
 * user's data: it carries `Cache-Control: no-store` (docs/decisions/013).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  interface FastifyContextConfig {
    /** Anyone may call this API route, without a token (sign-in, health, reading reference data). */
    public?: boolean;
  }
}

export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized();
  return request.authUser;
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The functions made by createAuthGuards, so the route check below recognises them. */
const guardFunctions = new WeakSet<object>();
const asGuard = (fn: Guard): Guard => (guardFunctions.add(fn), fn);

export function createAuthGuards(ctx: AppContext) {
  /** Sets `request.authUser` from the bearer token, or throws 401. Public routes may call it to learn who calls. */
  const authenticate = async (request: FastifyRequest): Promise<AuthUser> => {
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
    return user;
  };
  /** Route option: a signed-in user, checked before the body is read. */
  const requireUser = asGuard(async (request, reply) => {
    await authenticate(request);
    reply.header('cache-control', 'no-store');
  });
  /** Route option: a signed-in user with one of these roles (403 otherwise), checked before the body is read. */
  const requireRole = (...roles: Role[]): Guard =>
    asGuard(async (request, reply) => {
      const user = await authenticate(request);
      reply.header('cache-control', 'no-store');
      if (!roles.includes(user.role)) throw forbidden();
    });
  return { authenticate, requireUser, requireRole };
}

export type AuthGuards = ReturnType<typeof createAuthGuards>;

/**
 * Refuses to register an API route that is neither public nor guarded at `onRequest` (a guard
 * given as a `preHandler` would run after the body is parsed). Install before any route.
 */
export function enforceRouteAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.config?.public === true) return;
    const onRequest = [route.onRequest ?? []].flat() as object[];
    if (onRequest.some((hook) => guardFunctions.has(hook))) return;
    throw new Error(
      `${String(route.method)} ${route.url}: an API route must be public (config.public) or have an auth guard as its onRequest hook`,
    );
  });
}
