import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { AppError } from './errors';

export interface AccessClaims {
  memberId: number;
  tenantId: number;
  tokenVersion: number;
  /** The session (refresh token family) the token was issued in: ending it ends the token (claim `sid`). Tokens older than the claim have none. */
  sessionId: string | null;
}

/** Verified access tokens, so a signature is checked once per token, not once per request. */
const VERIFIED_MAX = 50_000;

export function createTokenService(secret: string, accessTtlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  let verified = new Map<string, { claims: AccessClaims; exp: number }>();
  return {
    async signAccess(claims: AccessClaims): Promise<string> {
      return new SignJWT({ tid: claims.tenantId, ver: claims.tokenVersion, ...(claims.sessionId ? { sid: claims.sessionId } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.memberId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + accessTtlSeconds)
        .sign(key);
    },
    async verifyAccess(token: string): Promise<AccessClaims> {
      const hit = verified.get(token);
      if (hit) {
        if (Date.now() / 1000 < hit.exp) return hit.claims;
        verified.delete(token);
        throw new AppError('token_expired');
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const memberId = Number(payload.sub);
        const tenantId = Number(payload.tid);
        const tokenVersion = Number(payload.ver);
        if (!Number.isInteger(memberId) || !Number.isInteger(tenantId) || !Number.isInteger(tokenVersion)) {
          throw new AppError('unauthorized', 'Invalid access token');
        }
        const claims = { memberId, tenantId, tokenVersion, sessionId: typeof payload.sid === 'string' ? payload.sid : null };
        if (verified.size >= VERIFIED_MAX) verified = new Map();
        verified.set(token, { claims, exp: Number(payload.exp) });
        return claims;
      } catch (err) {
        if (err instanceof AppError) throw err;
        if (err instanceof joseErrors.JWTExpired) throw new AppError('token_expired');
        throw new AppError('unauthorized', 'Invalid access token');
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
/**
 * Random bytes for public ids, drawn from the CSPRNG 4 KB at a time as `crypto.randomUUID` does:
 * every `randomBytes` call makes a system call (OpenSSL's fork check), and a chat's first message
 * names its new session on the request's hot path.
 */
const ID_POOL_BYTES = 4096;
let idPool = Buffer.alloc(0);
let idPoolAt = 0;
export function newHashId(bytes = 12): string {
  if (idPoolAt + bytes > idPool.length) {
    idPool = randomBytes(Math.max(ID_POOL_BYTES, bytes));
    idPoolAt = 0;
  }
  const id = idPool.toString('base64url', idPoolAt, idPoolAt + bytes);
  idPoolAt += bytes;
  return id;
}
