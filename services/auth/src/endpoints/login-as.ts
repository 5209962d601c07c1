import { randomBytes } from 'node:crypto';
import { ApiError, AUTH_TEXT, customerAuthOperations } from '@console/contracts';
import { callerOf, defineHandlers, recordAudit } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** How long a Login-As token lives. */
export const LOGIN_AS_HOURS = 1;

/**
 * Login-As (analytics spec §5, §6): a roleAdmin or dev signs in as a customer. Never silent: the
 * reason is required, the audit stream must take the event and the customer gets a support note
 * before any token is handed out; if either cannot be written, nobody is signed in.
 */
export function loginAsHandlers(app: FastifyInstance, now: () => Date = () => new Date()) {
  const { users, records, tokens } = app.customerAuth;
  return defineHandlers(customerAuthOperations, {
    'auth.loginAs': async (ctx) => {
      const caller = callerOf(ctx);
      const email = ctx.body.email.trim();
      const reason = ctx.body.reason.trim();
      if (!email) throw new ApiError(400, AUTH_TEXT.loginAsEmail, { email: AUTH_TEXT.loginAsEmail });
      if (reason.length < 3)
        throw new ApiError(400, AUTH_TEXT.loginAsReason, { reason: AUTH_TEXT.loginAsReason });
      const user = email.includes('@') ? await users.find(email) : null;
      if (!user) throw new ApiError(404, AUTH_TEXT.userNotFound);
      const at = now();
      const expires = new Date(at.getTime() + LOGIN_AS_HOURS * 3_600_000);
      const jti = randomBytes(12).toString('hex');
      const clientDeviceId = ctx.body.clientDeviceId?.trim() || undefined;
      await recordAudit(app, 'login-as', caller, {
        userId: user.userId,
        email: user.email,
        reason,
        tokenId: jti,
        clientDeviceId,
        ip: ctx.ip,
      }).catch((err) => {
        ctx.log.error({ err }, 'login-as refused: the audit stream did not take the event');
        throw new ApiError(503, 'Login-As is unavailable: it could not be recorded. Nobody was signed in.');
      });
      await users.note(user.userId, caller.email, `Login-As by ${caller.email}. Reason: ${reason}`, at);
      await records.addToken({
        tokenId: jti,
        client_id_: 'lwapps',
        user_id_: user.userId,
        created_: at,
        expires_at_: expires,
        max_age_hours_: LOGIN_AS_HOURS,
        deleted_: null,
      });
      const token = tokens.sign({
        sub: user.userId,
        email: user.email,
        client_id: 'lwapps',
        jti,
        iat: Math.floor(at.getTime() / 1000),
        exp: Math.floor(expires.getTime() / 1000),
        // The actor claim (RFC 8693): whoever reads the token sees it is an impersonation.
        act: { sub: caller.email },
        ...(clientDeviceId ? { clientDeviceId } : {}),
      });
      return { token, userId: user.userId, email: user.email, expiresAt: expires.toISOString() };
    },
  });
}
