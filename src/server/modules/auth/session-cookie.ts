/** The refresh token travels in an httpOnly cookie scoped to /api/auth (docs/decisions/002). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_TTL_SECONDS } from '../../../shared/constants.js';
import type { Session } from './service.js';

export const REFRESH_COOKIE = 'ga_refresh';
const COOKIE_PATH = '/api/auth';

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, session: Session): void {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
}
