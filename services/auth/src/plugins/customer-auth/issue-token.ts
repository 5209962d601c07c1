import { randomBytes } from 'node:crypto';
import type { AuthUserDoc, LoginAsReply } from '@console/contracts';
import type { FastifyInstance } from 'fastify';

/** How long a customer token issued by the console lives. */
export const CUSTOMER_TOKEN_HOURS = 1;

/**
 * A customer access token: its record in `accesstokens` (so introspection and /authManage see it),
 * then the signed JWT. `extra` claims mark how it was obtained (e.g. `act` for Login-As).
 */
export async function issueCustomerToken(
  app: FastifyInstance,
  user: AuthUserDoc,
  at: Date,
  jti: string,
  extra: Record<string, unknown>,
): Promise<LoginAsReply> {
  const expires = new Date(at.getTime() + CUSTOMER_TOKEN_HOURS * 3_600_000);
  await app.customerAuth.records.addToken({
    tokenId: jti,
    client_id_: 'lwapps',
    user_id_: user.userId,
    created_: at,
    expires_at_: expires,
    max_age_hours_: CUSTOMER_TOKEN_HOURS,
    deleted_: null,
  });
  const token = app.customerAuth.tokens.sign({
    sub: user.userId,
    email: user.email,
    // The auth server's roles: an admin's token is what authenticates the admin channel console.
    roles: user.roles ?? [],
    client_id: 'lwapps',
    jti,
    iat: Math.floor(at.getTime() / 1000),
    exp: Math.floor(expires.getTime() / 1000),
    ...extra,
  });
  return { token, userId: user.userId, email: user.email, expiresAt: expires.toISOString() };
}

export const newTokenId = () => randomBytes(12).toString('hex');
