/**
 * Accounts and sessions: sign-up, sign-in, refresh-token rotation with reuse detection, sign-out,
 * password recovery and change, e-mail change. Routes stay thin; the rules live here.
 * Session version (docs/decisions/009): every access token carries `users.session_version`; what
 * must end sessions adds one to it, so tokens issued before answer 401 at once.
 */
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditChange } from '../../../shared/audit.js';
import type { profileUpdateSchema, registerSchema } from '../../../shared/auth.js';
import { AUTH_MSG } from '../../../shared/auth.js';
import { REFRESH_TOKEN_TTL_SECONDS, RESET_TOKEN_TTL_SECONDS, type Role } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { passwordResetTokens, refreshTokens, users } from '../../db/schema.js';
import { badRequest, conflict, notFound, unauthorized } from '../../http/errors.js';
import { type AuthUser, UUID } from '../../http/auth.js';
import { accountLabel, recordAudit } from '../audit/public.js';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { randomToken, sha256 } from './tokens.js';

/** Serialises sign-ups, so that two "first accounts" cannot both become admin. */
const REGISTER_LOCK_KEY = 7_341_202_612;

/**
 * How long after a rotation the rotated refresh token may be presented again and get the same
 * successor (a second tab refreshing at the same moment), provided the successor is unused.
 */
export const REFRESH_REPLAY_GRACE_SECONDS = 10;

export interface Session {
  user: AuthUser;
  token: string;
  refreshToken: string;
  /** Only signs this user out (POST /api/auth/logout), for a sign-out made offline (docs/security.md). */
  signOutToken: string;
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
      await recordAudit(tx, created, {
        action: 'account.create',
        targetUserId: created.id,
        label: accountLabel(created),
        changes: { perfil: { de: null, para: created.role } },
      });
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

  /**
   * Rotates a refresh token. A token presented after it was rotated revokes its whole family
   * (theft), unless it comes back within REFRESH_REPLAY_GRACE_SECONDS of its rotation while its
   * successor is still unused: then it gets that same successor (a second tab racing the first).
   * The rows are locked (`FOR UPDATE`, the token then its successor), so servers racing on one
   * token either rotate it or, waiting for the lock, see it rotated.
   */
  async refresh(rawToken: string): Promise<Session> {
    const now = new Date();
    const successorRaw = this.ctx.tokens.successorOf(rawToken);
    const outcome = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(rawToken)))
        .for('update')
        .limit(1);
      if (!row) return { kind: 'invalid' as const };
      if (row.revokedAt) {
        const replay = await this.graceReplay(tx, row, successorRaw, now);
        if (replay) return { kind: 'ok' as const, user: replay, refreshToken: successorRaw };
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
        return { kind: 'reused' as const, userId: row.userId };
      }
      if (row.expiresAt <= now) return { kind: 'invalid' as const };
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
      if (!user) return { kind: 'invalid' as const };
      const successorId = crypto.randomUUID();
      await tx.update(refreshTokens).set({ revokedAt: now, replacedBy: successorId }).where(eq(refreshTokens.id, row.id));
      await this.insertRefreshToken(tx, user.id, row.familyId, successorRaw, successorId);
      return { kind: 'ok' as const, user, refreshToken: successorRaw };
    });
    if (outcome.kind === 'reused') this.ctx.log.warn({ userId: outcome.userId }, 'refresh token reused: session family revoked');
    if (outcome.kind !== 'ok') throw unauthorized();
    return { user: outcome.user, refreshToken: outcome.refreshToken, ...(await this.signFor(outcome.user)) };
  }

  /** The user of a rotated token presented again in time while its successor is unused; else null. */
  private async graceReplay(tx: Tx, row: typeof refreshTokens.$inferSelect, successorRaw: string, now: Date): Promise<AuthUser | null> {
    if (!row.replacedBy || !row.revokedAt) return null;
    if (now.getTime() - row.revokedAt.getTime() > REFRESH_REPLAY_GRACE_SECONDS * 1000) return null;
    const [successor] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, row.replacedBy)).for('update').limit(1);
    // Used (rotated in its turn), revoked by a sign-out, expired, or not derived from this token.
    if (!successor || successor.revokedAt || successor.expiresAt <= now || successor.tokenHash !== sha256(successorRaw)) return null;
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId)).limit(1);
    return user ?? null;
  }

  /**
   * Revokes every refresh token of the user behind the bearer token, the sign-out token or the
   * cookie (in that order), and ends their access tokens (session version). A sign-out token counts
   * only while its session version is the user's: sessions already ended since then (by a password
   * change, another sign-out) are not ended again by an old token.
   */
  async logout(rawToken: string | undefined, bearerUser: AuthUser | null, signOutToken?: string): Promise<void> {
    let userId = bearerUser?.id;
    if (!userId && signOutToken) {
      const claims = await this.ctx.tokens.verifySignOut(signOutToken);
      if (claims && UUID.test(claims.userId)) {
        const [row] = await this.ctx.db
          .select({ sessionVersion: users.sessionVersion })
          .from(users)
          .where(eq(users.id, claims.userId))
          .limit(1);
        if (row?.sessionVersion === claims.sessionVersion) userId = claims.userId;
      }
    }
    if (!userId && rawToken) {
      const [row] = await this.ctx.db
        .select({ userId: refreshTokens.userId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(rawToken)))
        .limit(1);
      userId = row?.userId;
    }
    const id = userId;
    if (!id) return;
    await this.ctx.db.transaction(async (tx) => {
      const [user] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, id)).limit(1);
      if (!user) return;
      await this.endSessions(tx, id);
      await recordAudit(tx, user, { action: 'account.logout', targetUserId: id, label: accountLabel(user) });
    });
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
        .returning({ id: users.id, name: users.name, email: users.email });
      if (!user) throw badRequest({ token: AUTH_MSG.resetTokenInvalid }, AUTH_MSG.resetTokenInvalid);
      // This link and any other outstanding one of the same user stop working.
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
      await this.endSessions(tx, row.userId);
      // No one is signed in: the account itself is the actor.
      await recordAudit(tx, user, { action: 'account.password_reset', targetUserId: user.id, label: accountLabel(user) });
      return user.email;
    });
  }

  /**
   * Changes the password, ends every other session (refresh families revoked, access tokens by the
   * session version), tells the account's address, and returns a fresh session for this device.
   */
  async changePassword(user: AuthUser, currentPassword: string, newPassword: string): Promise<Session> {
    await this.assertCurrentPassword(user, currentPassword);
    const passwordHash = await hashPassword(newPassword);
    const session = await this.ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
      const sessionVersion = await this.endSessions(tx, user.id);
      await recordAudit(tx, user, { action: 'account.password', targetUserId: user.id, label: accountLabel(user) });
      return this.startSession({ ...user, passwordHash, sessionVersion }, tx);
    });
    this.notify({
      to: user.email,
      subject: 'Gestão Agrícola: sua senha foi alterada',
      lines: [
        `Olá, ${user.name}.`,
        'A senha da sua conta no Gestão Agrícola acabou de ser alterada, e as sessões abertas em outros dispositivos foram encerradas.',
        'Se não foi você, redefina a senha agora pela opção "Esqueci minha senha" na tela de entrada e avise o administrador.',
      ],
    });
    return session;
  }

  /**
   * Updates the profile. Changing the e-mail needs the current password, ends every other session,
   * tells the OLD address, and returns a fresh session for this device; changing the role (an
   * admin's own) ends the access tokens issued before (the client refreshes).
   */
  async updateProfile(me: AuthUser, body: z.output<typeof profileUpdateSchema>): Promise<{ user: AuthUser; session: Session | null }> {
    const { currentPassword, ...changes } = body;
    const emailChanges = changes.email !== undefined && changes.email !== me.email;
    const roleChanges = changes.role !== undefined && changes.role !== me.role;
    // Only an admin changes a role; sending one's own current role is not a change.
    if (roleChanges && me.role !== 'admin') throw badRequest({ role: MSG.invalidRole });
    if (emailChanges) {
      if (!currentPassword) throw badRequest({ currentPassword: AUTH_MSG.currentPasswordRequired }, AUTH_MSG.currentPasswordRequired);
      await this.assertCurrentPassword(me, currentPassword);
    }
    const result = await this.ctx.db.transaction(async (tx) => {
      if (emailChanges && changes.email !== undefined) {
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, changes.email)).limit(1);
        if (taken) throw conflict(MSG.emailAlreadyExists, { email: MSG.emailAlreadyExists });
      }
      if (roleChanges && me.role === 'admin') await assertNotLastAdmin(tx, me.id);
      const [row] = await tx
        .update(users)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(users.id, me.id))
        .returning();
      if (!row) throw notFound();
      await auditProfileChanges(tx, me, row);
      if (emailChanges) {
        const sessionVersion = await this.endSessions(tx, me.id);
        const user = { ...row, sessionVersion };
        return { user, session: await this.startSession(user, tx) };
      }
      if (roleChanges) return { user: { ...row, sessionVersion: await this.bumpSessionVersion(tx, me.id) }, session: null };
      return { user: row, session: null };
    });
    if (emailChanges) {
      this.notify({
        to: me.email,
        subject: 'Gestão Agrícola: o email da sua conta foi alterado',
        lines: [
          `Olá, ${me.name}.`,
          `O email de acesso da sua conta no Gestão Agrícola foi alterado de ${me.email} para ${result.user.email}, ` +
            'e as sessões abertas em outros dispositivos foram encerradas. Este é o último aviso enviado para este endereço.',
          'Se não foi você, fale agora com o administrador do Gestão Agrícola da sua empresa para recuperar a conta.',
        ],
      });
    }
    return result;
  }

  /** An admin changes someone's role: their access tokens issued before stop working. */
  async changeRole(admin: AuthUser, targetId: string, role: Role): Promise<AuthUser> {
    return this.ctx.db.transaction(async (tx) => {
      const [target] = await tx.select().from(users).where(eq(users.id, targetId)).for('update').limit(1);
      if (!target) throw notFound();
      if (target.role === role) return target;
      if (target.role === 'admin') await assertNotLastAdmin(tx, target.id);
      const [row] = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, target.id)).returning();
      if (!row) throw notFound();
      await recordAudit(tx, admin, {
        action: 'account.role',
        targetUserId: row.id,
        label: accountLabel(row),
        changes: { perfil: { de: target.role, para: row.role } },
      });
      return { ...row, sessionVersion: await this.bumpSessionVersion(tx, row.id) };
    });
  }

  private async assertCurrentPassword(user: AuthUser, currentPassword: string): Promise<void> {
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw badRequest({ currentPassword: AUTH_MSG.currentPasswordWrong }, AUTH_MSG.currentPasswordWrong);
    }
  }

  /** Sends a notice after the change committed; a mail failure is logged, the change stands. */
  private notify(message: { to: string; subject: string; lines: string[] }): void {
    const when = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(
      new Date(),
    );
    const lines = [...message.lines, `Data da alteração: ${when} (horário de Brasília).`];
    this.ctx.mailer
      .send({
        to: message.to,
        subject: message.subject,
        text: `${lines.join('\n\n')}\n`,
        html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
      })
      .catch((err: unknown) => this.ctx.log.error({ err, subject: message.subject }, 'security notice mail failed'));
  }

  private async startSession(user: AuthUser, db: Db | Tx = this.ctx.db): Promise<Session> {
    const refreshToken = await this.insertRefreshToken(db, user.id, crypto.randomUUID(), randomToken());
    return { user, refreshToken, ...(await this.signFor(user)) };
  }

  private async signFor(user: AuthUser): Promise<{ token: string; signOutToken: string }> {
    const claims = { userId: user.id, sessionVersion: user.sessionVersion };
    const [token, signOutToken] = await Promise.all([this.ctx.tokens.sign(claims), this.ctx.tokens.signSignOut(claims)]);
    return { token, signOutToken };
  }

  private async insertRefreshToken(db: Db | Tx, userId: string, familyId: string, raw: string, id?: string): Promise<string> {
    await db.insert(refreshTokens).values({
      ...(id ? { id } : {}),
      userId,
      familyId,
      tokenHash: sha256(raw),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    });
    return raw;
  }

  /** Every refresh family of the user revoked and their access tokens ended; answers the new version. */
  private async endSessions(tx: Tx, userId: string): Promise<number> {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    return this.bumpSessionVersion(tx, userId);
  }

  private async bumpSessionVersion(tx: Tx, userId: string): Promise<number> {
    const [row] = await tx
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ sessionVersion: users.sessionVersion });
    return row?.sessionVersion ?? 0;
  }
}

/**
 * The audit entries of a profile update, one per kind of change: the e-mail, the role, the name
 * and company. Nothing when nothing changed.
 */
async function auditProfileChanges(tx: Tx, before: AuthUser, after: AuthUser): Promise<void> {
  const entry = { targetUserId: after.id, label: accountLabel(after) };
  if (after.email !== before.email) {
    await recordAudit(tx, before, { ...entry, action: 'account.email', changes: { email: { de: before.email, para: after.email } } });
  }
  if (after.role !== before.role) {
    await recordAudit(tx, before, { ...entry, action: 'account.role', changes: { perfil: { de: before.role, para: after.role } } });
  }
  const changes: Record<string, AuditChange> = {};
  if (after.name !== before.name) changes.nome = { de: before.name, para: after.name };
  if ((after.company ?? null) !== (before.company ?? null)) changes.empresa = { de: before.company ?? null, para: after.company ?? null };
  if (Object.keys(changes).length) await recordAudit(tx, before, { ...entry, action: 'account.profile', changes });
}

/** Refuses to leave the installation without an administrator. */
async function assertNotLastAdmin(tx: Tx, userId: string): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.id, userId)));
  if (!row || row.n === 0) throw conflict(AUTH_MSG.lastAdmin, { role: AUTH_MSG.lastAdmin });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
