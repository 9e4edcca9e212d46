import type { UserResponse, UsersResponse } from '../../../shared/api-types.js';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { changePasswordSchema, profileUpdateSchema, roleChangeSchema } from '../../../shared/auth.js';
import type { AppContext } from '../../context.js';
import { users } from '../../db/schema.js';
import { type AuthGuards, UUID, currentUser } from '../../http/auth.js';
import { notFound, parseInput } from '../../http/errors.js';
import { type AuthService, setSessionCookie } from '../auth/public.js';
import { presentUser } from './presenter.js';

export function userRoutes(app: FastifyInstance, ctx: AppContext, service: AuthService, guards: AuthGuards): void {
  app.get(
    '/api/users/profile',
    { onRequest: guards.requireUser },
    async (request) =>
      ({
        user: presentUser(currentUser(request)),
      }) satisfies UserResponse,
  );

  app.put('/api/users/profile', { onRequest: guards.requireUser }, async (request, reply) => {
    const body = parseInput(profileUpdateSchema, request.body);
    const { user, session } = await service.updateProfile(currentUser(request), body);
    // A changed e-mail ended the other sessions: this device gets a new refresh cookie (the client
    // refreshes its access token with it).
    if (session) setSessionCookie(request, reply, session);
    return { user: presentUser(user) } satisfies UserResponse;
  });

  app.post('/api/users/change-password', { onRequest: guards.requireUser }, async (request, reply) => {
    const body = parseInput(changePasswordSchema, request.body);
    const session = await service.changePassword(currentUser(request), body.currentPassword, body.newPassword);
    setSessionCookie(request, reply, session);
    return reply.status(204).send();
  });

  app.get('/api/users', { onRequest: guards.requireRole('admin') }, async () => {
    const rows = await ctx.db.select().from(users).orderBy(asc(users.createdAt));
    return { users: rows.map(presentUser) } satisfies UsersResponse;
  });

  app.put<{ Params: { id: string } }>('/api/users/:id/role', { onRequest: guards.requireRole('admin') }, async (request) => {
    const { role } = parseInput(roleChangeSchema, request.body);
    if (!UUID.test(request.params.id)) throw notFound();
    const updated = await service.changeRole(currentUser(request), request.params.id, role);
    return { user: presentUser(updated) } satisfies UserResponse;
  });
}
