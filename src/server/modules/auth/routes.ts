import type { AuthResponse, MessageResponse, RegistrationInfoResponse } from '../../../shared/api-types.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from '../../../shared/auth.js';
import { MSG } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import { AppError, parseInput, unauthorized } from '../../http/errors.js';
import type { AuthGuards } from '../../http/auth.js';
import { presentUser } from '../users/public.js';
import { AttemptLimiter } from './rate-limit.js';
import type { AuthService } from './service.js';
import { REFRESH_COOKIE, clearSessionCookie, setSessionCookie } from './session-cookie.js';

const WINDOW_MS = 15 * 60 * 1000;

/** Per-IP and per-e-mail attempt counting for one kind of request. */
function limiterPair(ctx: AppContext) {
  const byIp = new AttemptLimiter(ctx.config.authLimitPerIp, WINDOW_MS);
  const byEmail = new AttemptLimiter(ctx.config.authLimitPerEmail, WINDOW_MS);
  return {
    check(reply: FastifyReply, ip: string, email: string | undefined) {
      const wait = Math.max(byIp.hit(`ip:${ip}`), email ? byEmail.hit(`email:${email}`) : 0);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError(429, 'TOO_MANY_REQUESTS', MSG.tooManyRequests);
      }
    },
    forget(email: string) {
      byEmail.reset(`email:${email}`);
    },
  };
}

/** The e-mail of a body, normalised like the schema does, for counting attempts before validation. */
function emailKey(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase().slice(0, 254) : undefined;
}

export function authRoutes(app: FastifyInstance, ctx: AppContext, service: AuthService, guards: AuthGuards): void {
  const loginLimits = limiterPair(ctx);
  const forgotLimits = limiterPair(ctx);

  app.post('/api/auth/register', async (request, reply) => {
    const body = parseInput(registerSchema, request.body);
    const session = await service.register(body);
    setSessionCookie(request, reply, session);
    return reply.status(201).send({ user: presentUser(session.user), token: session.token } satisfies AuthResponse);
  });

  // Public and unlimited: one indexed row read, and it only says whether the installation is new.
  app.get('/api/auth/registration', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { adminAvailable: await service.adminAvailable() } satisfies RegistrationInfoResponse;
  });

  app.post('/api/auth/login', async (request, reply) => {
    loginLimits.check(reply, request.ip, emailKey(request.body));
    const body = parseInput(loginSchema, request.body);
    const session = await service.login(body.email, body.password);
    loginLimits.forget(body.email);
    setSessionCookie(request, reply, session);
    return { user: presentUser(session.user), token: session.token } satisfies AuthResponse;
  });

  app.post('/api/auth/refresh', async (request, reply) => {
    const raw = request.cookies[REFRESH_COOKIE];
    if (!raw) throw unauthorized();
    try {
      const session = await service.refresh(raw);
      setSessionCookie(request, reply, session);
      return { token: session.token, user: presentUser(session.user) } satisfies AuthResponse;
    } catch (err) {
      clearSessionCookie(reply);
      throw err;
    }
  });

  app.post('/api/auth/logout', async (request, reply) => {
    // Signing out works with an expired access token too: the cookie identifies the session.
    await guards.requireUser(request).catch(() => undefined);
    await service.logout(request.cookies[REFRESH_COOKIE], request.authUser);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.post('/api/auth/forgot-password', async (request, reply) => {
    forgotLimits.check(reply, request.ip, emailKey(request.body));
    const { email } = parseInput(forgotPasswordSchema, request.body);
    // Answer at once and the same way whether or not the address has an account.
    service.forgotPassword(email).catch((err: unknown) => request.log.error({ err }, 'password reset mail failed'));
    return reply
      .status(202)
      .send({ message: 'Se o email estiver cadastrado, enviaremos um link de recuperação.' } satisfies MessageResponse);
  });

  app.post('/api/auth/reset-password', async (request) => {
    const body = parseInput(resetPasswordSchema, request.body);
    await service.resetPassword(body.token, body.password);
    return { message: 'Senha redefinida com sucesso!' } satisfies MessageResponse;
  });
}
