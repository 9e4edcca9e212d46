import type { HealthResponse } from '../../../shared/api-types.js';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';

export function healthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/api/health', { config: { public: true } }, async (request, reply) => {
    try {
      await database.ping();
      return { status: 'ok', database: database.kind } satisfies HealthResponse;
    } catch (err) {
      request.log.warn({ err }, 'health check: database not answering');
      return reply.status(503).send({ status: 'error', database: database.kind } satisfies HealthResponse);
    }
  });
}
