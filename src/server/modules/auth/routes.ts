import type { AuthResponse, MessageResponse, RegistrationInfoResponse } from '../../../shared/api-types.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordSchema } from '../../../shared/auth.js';
import { MSG } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import { AppError, parseInput, unauthorized } from '../../http/errors.js';
import type { AuthGuards } from '../../http/auth.js';
import { presentUser } from '../users/public.js';
import { AttemptCounter, type Count, addressKey } from './rate-limit.js';
import type { AuthService } from './service.js';
import { REFRESH_COOKIE, clearSessionCookie, setSessionCookie } from './session-cookie.js';

const WINDOW_SECONDS = 15 * 60;
/** How long an address where an account signed in stays exempt from that account's ceiling. */
const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;
/** The per-account ceiling across addresses, as a multiple of the per-(e-mail, address) limit. */
const ACCOUNT_CEILING_FACTOR = 10;

function tooMany(reply: FastifyReply, counts: Count[]): AppError {
  reply.header('retry-after', String(Math.max(1, ...counts.map((c) => c.retryAfter))));
  return new AppError(429, 'TOO_MANY_REQUESTS', MSG.tooManyRequests);
}

/**
 * Sign-in attempts (docs/decisions/008). Per (e-mail, address): a 429 (docs/api.md#contract) after
 * AUTH_LIMIT_PER_EMAIL attempts without a success. Per address, across e-mails: AUTH_LIMIT_PER_IP.
 * Per e-mail across addresses: a ceiling ten times looser that addresses where the account signed
 * in during the last 30 days do not meet, so an attacker spreading guesses over many addresses is
 * bounded without denying the owner their account.
 * Only failures count: every attempt is counted before the password is checked (so parallel
 * guesses never pass a limit together) and a correct one is taken back, so an office behind one
 * address signs in as often as it likes.
 */
function loginLimits(ctx: AppContext, counter: AttemptCounter) {
  const keys = (email: string, ip: string) => ({
    pair: `login:pair:${email}|${ip}`,
    address: `login:ip:${ip}`,
    account: `login:email:${email}`,
    known: `login:known:${email}|${ip}`,
  });
  return {
    /** Counts the attempt under its keys, or throws 429; answers the counts `succeeded` takes back. */
    async check(reply: FastifyReply, ip: string, email: string | undefined): Promise<Count[]> {
      const perEmail = ctx.config.authLimitPerEmail;
      const perIp = ctx.config.authLimitPerIp;
      if (!email) {
        const [address] = await counter.hit([`login:ip:${ip}`], WINDOW_SECONDS);
        if (address && address.count > perIp) throw tooMany(reply, [address]);
        return address ? [address] : [];
      }
      const k = keys(email, ip);
      const known = (await counter.peek(k.known)) > 0;
      const [pair, address, account] = await counter.hit(known ? [k.pair, k.address] : [k.pair, k.address, k.account], WINDOW_SECONDS);
      const over = [
        pair && pair.count > perEmail ? pair : undefined,
        address && address.count > perIp ? address : undefined,
        account && account.count > perEmail * ACCOUNT_CEILING_FACTOR ? account : undefined,
      ].filter((c): c is Count => c !== undefined);
      if (over.length) throw tooMany(reply, over);
      return [pair, address, account].filter((c): c is Count => c !== undefined);
    },
    async succeeded(ip: string, email: string, counted: readonly Count[]): Promise<void> {
      const k = keys(email, ip);
      await counter.undo(counted);
      await counter.reset(k.pair);
      await counter.mark(k.known, KNOWN_ADDRESS_SECONDS);
    },
    /** A password reset ends the guessing against the old password: the account's ceiling starts over. */
    async passwordReset(email: string): Promise<void> {
      await counter.reset(`login:email:${email}`);
    },
  };
}

/** Hard limits per address and per e-mail (password recovery mails). */
function recoveryLimits(ctx: AppContext, counter: AttemptCounter) {
  return async (reply: FastifyReply, ip: string, email: string | undefined): Promise<void> => {
    const keys = email ? [`forgot:ip:${ip}`, `forgot:email:${email}`] : [`forgot:ip:${ip}`];
    const [address, perEmail] = await counter.hit(keys, WINDOW_SECONDS);
    const over = [
      address && address.count > ctx.config.authLimitPerIp ? address : undefined,
      perEmail && perEmail.count > ctx.config.authLimitPerEmail ? perEmail : undefined,
    ].filter((c): c is Count => c !== undefined);
    if (over.length) throw tooMany(reply, over);
  };
}

/** The e-mail of a body, normalised like the schema does, for counting attempts before validation. */
function emailKey(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase().slice(0, 254) : undefined;
}

export function authRoutes(app: FastifyInstance, ctx: AppContext, service: AuthService, guards: AuthGuards): void {
  const counter = new AttemptCounter(ctx.db);
  const login = loginLimits(ctx, counter);
  const recovery = recoveryLimits(ctx, counter);
  // Signing up, in and out, and recovering a password need no token (sign-out reads one if sent).
  const open = { config: { public: true } };

  app.post('/api/auth/register', open, async (request, reply) => {
    // Per address: bounds how many e-mails one client can probe through the 409 (the product's
    // "Este email já está cadastrado" stays, docs/product-rules.md#messages).
    const [signups] = await counter.hit([`signup:ip:${addressKey(request.ip)}`], WINDOW_SECONDS);
    if (signups && signups.count > ctx.config.signupLimitPerIp) throw tooMany(reply, [signups]);
    const body = parseInput(registerSchema, request.body);
    const session = await service.register(body);
    setSessionCookie(request, reply, session);
    return reply
      .status(201)
      .send({ user: presentUser(session.user), token: session.token, signOutToken: session.signOutToken } satisfies AuthResponse);
  });

  // Public and unlimited: one indexed row read, and it only says whether the installation is new.
  app.get('/api/auth/registration', open, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { adminAvailable: await service.adminAvailable() } satisfies RegistrationInfoResponse;
  });

  app.post('/api/auth/login', open, async (request, reply) => {
    const ip = addressKey(request.ip);
    const counted = await login.check(reply, ip, emailKey(request.body));
    const body = parseInput(loginSchema, request.body);
    const session = await service.login(body.email, body.password);
    await login.succeeded(ip, body.email, counted);
    setSessionCookie(request, reply, session);
    return { user: presentUser(session.user), token: session.token, signOutToken: session.signOutToken } satisfies AuthResponse;
  });

  app.post('/api/auth/refresh', open, async (request, reply) => {
    const raw = request.cookies[REFRESH_COOKIE];
    if (!raw) throw unauthorized();
    try {
      const session = await service.refresh(raw);
      setSessionCookie(request, reply, session);
      return { token: session.token, user: presentUser(session.user), signOutToken: session.signOutToken } satisfies AuthResponse;
    } catch (err) {
      clearSessionCookie(reply);
      throw err;
    }
  });

  app.post('/api/auth/logout', open, async (request, reply) => {
    // Signing out works with an expired access token too: the cookie identifies the session. The
    // bearer may also be a sign-out token (a sign-out the app made offline, sent once back online,
    // maybe after someone else signed in on the device and replaced the cookie).
    await guards.authenticate(request).catch(() => undefined);
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    await service.logout(request.cookies[REFRESH_COOKIE], request.authUser, request.authUser ? undefined : bearer);
    clearSessionCookie(reply);
    return reply.status(204).send();
  });

  app.post('/api/auth/forgot-password', open, async (request, reply) => {
    await recovery(reply, addressKey(request.ip), emailKey(request.body));
    const { email } = parseInput(forgotPasswordSchema, request.body);
    // Answer at once and the same way whether or not the address has an account.
    service.forgotPassword(email).catch((err: unknown) => request.log.error({ err }, 'password reset mail failed'));
    return reply
      .status(202)
      .send({ message: 'Se o email estiver cadastrado, enviaremos um link de recuperação.' } satisfies MessageResponse);
  });

  app.post('/api/auth/reset-password', open, async (request) => {
    const body = parseInput(resetPasswordSchema, request.body);
    const email = await service.resetPassword(body.token, body.password);
    await login.passwordReset(email);
    return { message: 'Senha redefinida com sucesso!' } satisfies MessageResponse;
  });
}
