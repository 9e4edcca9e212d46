/** Access tokens (HS256 JWT, 15 min) and opaque random tokens stored only as SHA-256 hashes. */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../shared/constants.js';

const ISSUER = 'gestao-agricola';
const AUDIENCE = 'gestao-agricola-api';

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
    return new SignJWT({ sv: claims.sessionVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  /**
   * The claims of a valid token, or null (expired, tampered, other key, `alg: none`, or without
   * a session version: issued before versions existed, it is refused and the client refreshes).
   */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
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
