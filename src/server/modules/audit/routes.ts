/** `GET /api/admin/auditoria`: the audit trail, newest first, for admins; `tipo` keeps one kind of entry. */
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from '../../../shared/zod.js';
import type { AuditPage } from '../../../shared/api-types.js';
import { AUDIT_KINDS, AUDIT_KIND_NAMES, type AuditAction, type AuditChange, type AuditKind } from '../../../shared/audit.js';
import { choiceParam, intParam } from '../../../shared/filters.js';
import type { AppContext } from '../../context.js';
import { auditLog } from '../../db/schema.js';
import type { AuthGuards } from '../../http/auth.js';
import { parseInput } from '../../http/errors.js';

const auditQuery = z.object({
  limit: intParam(50, 1, 200, 'Limite deve ser um inteiro entre 1 e 200'),
  offset: intParam(0, 0, 10_000_000, 'Posição inválida'),
  // 0 (absent) means every experiment.
  experimentId: intParam(0, 1, 2_147_483_647, 'Experimento inválido'),
  tipo: choiceParam(AUDIT_KIND_NAMES, `Tipo inválido: use ${Object.keys(AUDIT_KINDS).join(', ')}.`),
});

export function auditRoutes(app: FastifyInstance, ctx: AppContext, guards: AuthGuards): void {
  app.get(
    '/api/admin/auditoria',
    { onRequest: guards.requireRole('admin'), config: { failureMessage: 'Erro ao buscar a auditoria' } },
    async (request) => {
      const { limit, offset, experimentId, tipo } = parseInput(auditQuery, request.query);
      const where = and(experimentId ? eq(auditLog.experimentId, experimentId) : undefined, tipo ? eq(auditLog.kind, tipo) : undefined);
      const [rows, [c]] = await Promise.all([
        ctx.db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset(offset),
        ctx.db.select({ n: count() }).from(auditLog).where(where),
      ]);
      const page: AuditPage = {
        total: c?.n ?? 0,
        entries: rows.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          user: { id: r.userId, name: r.userName },
          action: r.action as AuditAction,
          kind: r.kind as AuditKind,
          experimentId: r.experimentId,
          targetUserId: r.targetUserId,
          label: r.label,
          changes: (r.changes as Record<string, AuditChange> | null) ?? null,
        })),
      };
      return page;
    },
  );
}
