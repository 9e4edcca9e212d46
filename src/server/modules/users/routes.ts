import type { UserResponse, UsersResponse } from '../../../shared/api-types.js';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { changePasswordSchema, profileUpdateSchema, roleChangeSchema, AUTH_MSG } from '../../../shared/auth.js';
import { MSG } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { type AuthGuards, UUID, currentUser } from '../../http/auth.js';
import { badRequest, conflict, notFound, parseInput } from '../../http/errors.js';
import { type AuthService, setSessionCookie } from '../auth/public.js';
import { presentUser } from './presenter.js';

/** Refuses to leave the installation without an administrator. */
async function assertNotLastAdmin(tx: Tx, userId: string): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.id, userId)));
  if (!row || row.n === 0) throw conflict(AUTH_MSG.lastAdmin, { role: AUTH_MSG.lastAdmin });
}

export function userRoutes(app: FastifyInstance, ctx: AppContext, service: AuthService, guards: AuthGuards): void {
  app.get(
    '/api/users/profile',
    { preHandler: guards.requireUser },
    async (request) =>
      ({
        user: presentUser(currentUser(request)),
      }) satisfies UserResponse,
  );

  app.put('/api/users/profile', { preHandler: guards.requireUser }, async (request) => {
    const me = currentUser(request);
    const body = parseInput(profileUpdateSchema, request.body);
    // Only an admin changes a role; sending one's own current role is not a change.
    if (body.role !== undefined && body.role !== me.role && me.role !== 'admin') {
      throw badRequest({ role: MSG.invalidRole });
    }
    const updated = await ctx.db.transaction(async (tx) => {
      if (body.email !== undefined && body.email !== me.email) {
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, body.email)).limit(1);
        if (taken) throw conflict(MSG.emailAlreadyExists, { email: MSG.emailAlreadyExists });
      }
      if (me.role === 'admin' && body.role !== undefined && body.role !== 'admin') await assertNotLastAdmin(tx, me.id);
      const [row] = await tx
        .update(users)
        .set({ ...body, updatedAt: new Date() })
        .where(eq(users.id, me.id))
        .returning();
      return row;
    });
    if (!updated) throw notFound();
    return { user: presentUser(updated) } satisfies UserResponse;
  });

  app.post('/api/users/change-password', { preHandler: guards.requireUser }, async (request, reply) => {
    const body = parseInput(changePasswordSchema, request.body);
    const session = await service.changePassword(currentUser(request), body.currentPassword, body.newPassword);
    setSessionCookie(request, reply, session);
    return reply.status(204).send();
  });

  app.get('/api/users', { preHandler: guards.requireRole('admin') }, async () => {
    const rows = await ctx.db.select().from(users).orderBy(asc(users.createdAt));
    return { users: rows.map(presentUser) } satisfies UsersResponse;
  });

  app.put<{ Params: { id: string } }>('/api/users/:id/role', { preHandler: guards.requireRole('admin') }, async (request) => {
    const { role } = parseInput(roleChangeSchema, request.body);
    if (!UUID.test(request.params.id)) throw notFound();
    const updated = await ctx.db.transaction(async (tx) => {
      const [target] = await tx.select().from(users).where(eq(users.id, request.params.id)).for('update').limit(1);
      if (!target) throw notFound();
      if (target.role === 'admin' && role !== 'admin') await assertNotLastAdmin(tx, target.id);
      const [row] = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, target.id)).returning();
      return row;
    });
    if (!updated) throw notFound();
    return { user: presentUser(updated) } satisfies UserResponse;
  });
}
