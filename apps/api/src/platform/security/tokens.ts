import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export type AccessClaims = { tenantId: string; companyId: string; userId: string; roleId: string; version: number };
export type ChangeClaims = { tenantId: string; userId: string; codeId: string };

const ISSUER = 'erp';

/**
 * The signing key: TOKEN_SECRET when given; otherwise a random key kept in the data folder, so the
 * embedded set-up needs no configuration and the repository holds no secret.
 */
export function resolveTokenSecret(configured: string | undefined, dataDir: string | undefined): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  if (!dataDir) return randomBytes(32);
  const file = path.resolve(dataDir, 'token-secret');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

/** How many verified access tokens are remembered (a bound on memory; past it the cache restarts). */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenService {
  /**
   * Access tokens already verified, by their exact text: a signature check is a pure function of
   * the token and the key, so a repeat only needs its expiry checked again. Revocation is not the
   * token's business (the principal check on every call compares the user's token version).
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  constructor(
    private readonly key: Uint8Array,
    private readonly accessTtlMinutes: number,
  ) {}

  async issueAccess(c: AccessClaims): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + this.accessTtlMinutes * 60_000);
    const token = await new SignJWT({ tid: c.tenantId, cid: c.companyId, rid: c.roleId, ver: c.version, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(c.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  async verifyAccess(token: string): Promise<AccessClaims | undefined> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.claims;
      this.verified.delete(token);
    }
    const p = await this.verify(token, 'access');
    if (!p || typeof p.tid !== 'string' || typeof p.cid !== 'string' || typeof p.rid !== 'string' || typeof p.sub !== 'string')
      return undefined;
    const claims = { tenantId: p.tid, companyId: p.cid, roleId: p.rid, userId: p.sub, version: Number(p.ver ?? 0) };
    if (typeof p.exp === 'number' && p.nbf === undefined) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, { claims, expiresAtMs: p.exp * 1000 });
    }
    return claims;
  }

  /** Short-lived proof that a one-time code was validated; it lets /user/changepassword run once. */
  async issueChange(c: ChangeClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ tid: c.tenantId, cod: c.codeId, typ: 'change' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(c.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  async verifyChange(token: string): Promise<ChangeClaims | undefined> {
    const p = await this.verify(token, 'change');
    if (!p || typeof p.tid !== 'string' || typeof p.cod !== 'string' || typeof p.sub !== 'string') return undefined;
    return { tenantId: p.tid, codeId: p.cod, userId: p.sub };
  }

  private async verify(token: string, typ: string) {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      return payload.typ === typ ? payload : undefined;
    } catch (e) {
      if (e instanceof joseErrors.JOSEError) return undefined;
      throw e;
    }
  }
}
