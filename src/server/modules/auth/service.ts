/**
 * Accounts and sessions: sign-up, sign-in, refresh-token rotation with reuse detection, sign-out,
 * password recovery and change. Routes stay thin; the rules live here.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { registerSchema } from '../../../shared/auth.js';
import { AUTH_MSG } from '../../../shared/auth.js';
import { REFRESH_TOKEN_TTL_SECONDS, RESET_TOKEN_TTL_SECONDS } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { passwordResetTokens, refreshTokens, users } from '../../db/schema.js';
import { badRequest, conflict, unauthorized } from '../../http/errors.js';
import type { AuthUser } from '../../http/auth.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { randomToken, sha256 } from './tokens.js';

/** Serialises sign-ups, so that two "first accounts" cannot both become admin. */
const REGISTER_LOCK_KEY = 7_341_202_612;

export interface Session {
  user: AuthUser;
  token: string;
  refreshToken: string;
}

export class AuthService {
  constructor(private readonly ctx: AppContext) {}

  async register(body: z.output<typeof registerSchema>): Promise<Session> {
    const passwordHash = await hashPassword(body.password);
    const user = await this.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${REGISTER_LOCK_KEY})`);
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, body.email)).limit(1);
      if (taken) throw conflict(MSG.emailAlreadyExists, { email: MSG.emailAlreadyExists });
      if (body.role === 'admin') {
        // Administrador is granted only to the first account of an installation.
        const [anyone] = await tx.select({ id: users.id }).from(users).limit(1);
        if (anyone) throw badRequest({ role: MSG.invalidRole });
      }
      const [created] = await tx
        .insert(users)
        .values({ name: body.name, email: body.email, passwordHash, company: body.company, role: body.role })
        .returning();
      if (!created) throw new Error('insert returned no row');
      return created;
    });
    return this.startSession(user);
  }

  /** Whether a sign-up may still choose Administrador: only while no account exists. */
  async adminAvailable(): Promise<boolean> {
    const [anyone] = await this.ctx.db
      .select({ one: sql<number>`1` })
      .from(users)
      .limit(1);
    return !anyone;
  }

  async login(email: string, password: string): Promise<Session> {
    const [user] = await this.ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
    const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(password);
    if (!user || !ok) throw unauthorized(MSG.invalidCredentials);
    return this.startSession(user);
  }

  /** Rotates a refresh token. A token presented after it was rotated revokes its whole family. */
  async refresh(rawToken: string): Promise<Session> {
    const now = new Date();
    const outcome = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(rawToken)))
        .for('update')
        .limit(1);
      if (!row) return { kind: 'invalid' as const };
      if (row.revokedAt) {
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
        return { kind: 'reused' as const, userId: row.userId };
      }
      if (row.expiresAt <= now) return { kind: 'invalid' as const };
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
      if (!user) return { kind: 'invalid' as const };
      await tx.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.id, row.id));
      const refreshToken = await this.insertRefreshToken(tx, user.id, row.familyId);
      return { kind: 'ok' as const, user, refreshToken };
    });
    if (outcome.kind === 'reused') this.ctx.log.warn({ userId: outcome.userId }, 'refresh token reused: session family revoked');
    if (outcome.kind !== 'ok') throw unauthorized();
    return { user: outcome.user, refreshToken: outcome.refreshToken, token: await this.ctx.tokens.sign(outcome.user.id) };
  }

  /** Revokes every refresh token of the user behind the cookie or the bearer token. */
  async logout(rawToken: string | undefined, bearerUser: AuthUser | null): Promise<void> {
    let userId = bearerUser?.id;
    if (!userId && rawToken) {
      const [row] = await this.ctx.db
        .select({ userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(rawToken)))
        .limit(1);
      userId = row?.userId;
    }
    if (userId) await this.revokeAll(this.ctx.db, userId);
  }

  /** Creates and mails a reset link when the address has an account; silent otherwise. */
  async forgotPassword(email: string): Promise<void> {
    const [user] = await this.ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user) return;
    const raw = randomToken();
    await this.ctx.db.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256(raw),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_SECONDS * 1000),
    });
    const link = `${this.ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(raw)}`;
    await this.ctx.mailer.send({
      to: user.email,
      subject: 'Gestão Agrícola: redefinição de senha',
      text:
        `Olá, ${user.name}.\n\nRecebemos um pedido para redefinir a senha da sua conta no Gestão Agrícola.\n` +
        `Para criar uma nova senha, abra o link abaixo (válido por 1 hora, uso único):\n\n${link}\n\n` +
        'Se você não fez este pedido, ignore este email: sua senha continua a mesma.\n',
      html:
        `<p>Olá, ${escapeHtml(user.name)}.</p><p>Recebemos um pedido para redefinir a senha da sua conta no Gestão Agrícola.</p>` +
        `<p><a href="${escapeHtml(link)}">Criar uma nova senha</a> (válido por 1 hora, uso único)</p>` +
        '<p>Se você não fez este pedido, ignore este email: sua senha continua a mesma.</p>',
    });
  }

  /** Sets the password of the link's account; answers that account's e-mail. */
  async resetPassword(rawToken: string, password: string): Promise<string> {
    const passwordHash = await hashPassword(password);
    const now = new Date();
    return this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, sha256(rawToken)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .for('update')
        .limit(1);
      if (!row) throw badRequest({ token: AUTH_MSG.resetTokenInvalid }, AUTH_MSG.resetTokenInvalid);
      const [user] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: now })
        .where(eq(users.id, row.userId))
        .returning({ email: users.email });
      if (!user) throw badRequest({ token: AUTH_MSG.resetTokenInvalid }, AUTH_MSG.resetTokenInvalid);
      // This link and any other outstanding one of the same user stop working.
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
      await this.revokeAll(tx, row.userId);
      return user.email;
    });
  }

  /** Changes the password, signs out every other session and returns a fresh one for this device. */
  async changePassword(user: AuthUser, currentPassword: string, newPassword: string): Promise<Session> {
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw badRequest({ currentPassword: AUTH_MSG.currentPasswordWrong }, AUTH_MSG.currentPasswordWrong);
    }
    const passwordHash = await hashPassword(newPassword);
    await this.ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
      await this.revokeAll(tx, user.id);
    });
    return this.startSession(user);
  }

  private async startSession(user: AuthUser): Promise<Session> {
    const refreshToken = await this.insertRefreshToken(this.ctx.db, user.id, crypto.randomUUID());
    return { user, refreshToken, token: await this.ctx.tokens.sign(user.id) };
  }

  private async insertRefreshToken(db: Db | Tx, userId: string, familyId: string): Promise<string> {
    const raw = randomToken();
    await db.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: sha256(raw),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    return raw;
  }

  private async revokeAll(db: Db | Tx, userId: string): Promise<void> {
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
