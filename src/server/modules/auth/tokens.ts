/**
 * Access tokens (HS256 JWT, 15 min), sign-out tokens (HS256 JWT with an audience of their own: they
 * can only end sessions, docs/security.md) and opaque random tokens stored only as SHA-256 hashes.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '../../../shared/constants.js';

const ISSUER = 'gestao-agricola';
const AUDIENCE = 'gestao-agricola-api';
/** A sign-out token is never an access token: `verify` requires AUDIENCE, this one is different. */
const SIGN_OUT_AUDIENCE = 'gestao-agricola-sign-out';

export interface AccessClaims {
  userId: string;
  /** The user's session version when the token was issued (`users.session_version`). */
  sessionVersion: number;
}

export class AccessTokens {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    return this.signFor(AUDIENCE, claims, ttlSeconds);
  }

  /**
   * A token that only signs its user out (POST /api/auth/logout), kept by the app so that a sign-out
   * made without a connection reaches the server later, even after someone else signed in on the
   * device. It lives as long as a refresh token and is renewed with each refresh.
   */
  signSignOut(claims: AccessClaims, ttlSeconds = REFRESH_TOKEN_TTL_SECONDS): Promise<string> {
    return this.signFor(SIGN_OUT_AUDIENCE, claims, ttlSeconds);
  }

  private signFor(audience: string, claims: AccessClaims, ttlSeconds: number): Promise<string> {
    return new SignJWT({ sv: claims.sessionVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  /**
   * The claims of a valid token, or null (expired, tampered, other key, `alg: none`, or without
   * a session version: issued before versions existed, it is refused and the client refreshes).
   */
  verify(token: string): Promise<AccessClaims | null> {
    return this.verifyFor(AUDIENCE, token);
  }

  /** The claims of a valid sign-out token, or null (an access token is not one). */
  verifySignOut(token: string): Promise<AccessClaims | null> {
    return this.verifyFor(SIGN_OUT_AUDIENCE, token);
  }

  private async verifyFor(audience: string, token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience,
      });
      const sv = payload.sv;
      if (typeof payload.sub !== 'string' || typeof sv !== 'number' || !Number.isSafeInteger(sv)) return null;
      return { userId: payload.sub, sessionVersion: sv };
    } catch {
      return null;
    }
  }

  /**
   * The refresh token a rotation of `raw` issues: derived, not drawn, so that a second tab
   * presenting `raw` again within the grace window can be given the same successor without the
   * database ever holding a usable token (only hashes are stored; deriving needs `raw`, which
   * only its holder has, and the signing key).
   */
  successorOf(raw: string): string {
    return createHmac('sha256', this.key).update(`refresh-successor:${raw}`).digest('base64url');
  }
}

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
