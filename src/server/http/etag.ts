import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a JSON body with a strong ETag and `no-cache` (always revalidate): unchanged data costs
 * the client a 304 with no body, and an admin's edit shows up on the next request.
 */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', 'no-cache');
  const inm = request.headers['if-none-match'];
  if (inm && inm.split(',').some((t) => t.trim() === etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(json);
}
