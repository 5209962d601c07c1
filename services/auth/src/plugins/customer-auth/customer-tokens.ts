import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenIntrospection } from '@console/contracts';

const b64 = (v: Buffer | string) => Buffer.from(v).toString('base64url');

function part(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const v = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const secondsToIso = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) ? new Date(v * 1000).toISOString() : null;

export type Inspected = Omit<TokenIntrospection, 'stored'> & { jti: string | null };

/**
 * Customer access tokens this server issues (Login-As): HS256 JWTs under one key id. Any other
 * JWT can still be decoded; its signature is only judged when it names this key.
 */
export class CustomerTokens {
  private readonly secret: Buffer;
  readonly keyId: string;

  constructor(secret: string | undefined) {
    this.secret = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
    // Named after the key itself: instances sharing the secret share the id, and a token signed
    // under another key is "unknown key", never "invalid".
    this.keyId = `console-customer-${createHash('sha256').update(this.secret).digest('hex').slice(0, 12)}`;
  }

  sign(claims: Record<string, unknown>): string {
    const head = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: this.keyId }));
    const body = b64(JSON.stringify(claims));
    return `${head}.${body}.${this.mac(`${head}.${body}`)}`;
  }

  private mac(input: string): string {
    return createHmac('sha256', this.secret).update(input).digest('base64url');
  }

  /** Null when the text is not a JWT at all (three dot-separated parts, JSON header and claims). */
  inspect(token: string, now: Date): Inspected | null {
    const parts = token.trim().split('.');
    if (parts.length !== 3) return null;
    const [h, c, sig] = parts as [string, string, string];
    const header = part(h);
    const claims = part(c);
    if (!header || !claims) return null;
    const expiresAt = secondsToIso(claims.exp);
    return {
      header,
      claims,
      issuedAt: secondsToIso(claims.iat),
      expiresAt,
      expired: expiresAt === null ? null : Date.parse(expiresAt) <= now.getTime(),
      signature: this.judge(header, `${h}.${c}`, sig),
      jti: typeof claims.jti === 'string' ? claims.jti : null,
    };
  }

  private judge(
    header: Record<string, unknown>,
    signed: string,
    sig: string,
  ): TokenIntrospection['signature'] {
    if (header.alg === 'none' || sig === '') return 'unsigned';
    if (header.alg !== 'HS256' || header.kid !== this.keyId) return 'unknown key';
    const want = Buffer.from(this.mac(signed));
    const got = Buffer.from(sig);
    return want.length === got.length && timingSafeEqual(want, got) ? 'valid' : 'invalid';
  }
}
