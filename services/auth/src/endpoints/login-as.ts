import { ApiError, AUTH_TEXT, customerAuthOperations } from '@console/contracts';
import { callerOf, defineHandlers, recordAudit } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { issueCustomerToken, newTokenId } from '../plugins/customer-auth/issue-token.ts';
import { verifyNobody, verifyPassword } from '../plugins/passwords.ts';

const device = (id: string | undefined) => (id?.trim() ? { clientDeviceId: id.trim() } : {});

/**
 * Signing in as a customer for the user channel console (analytics spec §2, §5, §6, §7).
 * Login-As is never silent: the reason is required, the audit stream must take the event and the
 * customer gets a support note before any token is handed out; if either cannot be written,
 * nobody is signed in. A login with the customer's own password is audited too.
 */
export function loginAsHandlers(app: FastifyInstance, now: () => Date = () => new Date()) {
  const { users } = app.customerAuth;
  const audited = (ctx: { log: FastifyInstance['log'] }, record: Promise<unknown>) =>
    record.catch((err) => {
      ctx.log.error({ err }, 'customer sign-in refused: the audit stream did not take the event');
      throw new ApiError(
        503,
        'Signing in as a customer is unavailable: it could not be recorded. Nobody was signed in.',
      );
    });

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
      const jti = newTokenId();
      const what = {
        userId: user.userId,
        email: user.email,
        reason,
        tokenId: jti,
        ...device(ctx.body.clientDeviceId),
        ip: ctx.ip,
      };
      await audited(ctx, recordAudit(app, 'login-as', caller, what));
      await users.note(user.userId, caller.email, `Login-As by ${caller.email}. Reason: ${reason}`, at);
      // The actor claim (RFC 8693): whoever reads the token sees it is an impersonation.
      return issueCustomerToken(app, user, at, jti, {
        act: { sub: caller.email },
        ...device(ctx.body.clientDeviceId),
      });
    },
    'auth.customerLogin': async (ctx) => {
      const caller = callerOf(ctx);
      const email = ctx.body.email.trim().toLowerCase();
      const { password } = ctx.body;
      if (!email || !password) throw new ApiError(400, AUTH_TEXT.credentialsRequired);
      await app.rateLimit.take([
        { name: 'customer-login', subject: `${email}|${ctx.ip}`, limit: 10 },
        { name: 'customer-login-ip', subject: ctx.ip, limit: 50 },
      ]);
      const user = email.includes('@') ? await users.find(email) : null;
      // The same work and answer for an unknown e-mail, a customer without a password and a wrong one.
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, password)
        : await verifyNobody(password);
      // 400, not 401: a 401 would end the staff user's own session at the gateway.
      if (!user || !ok) throw new ApiError(400, AUTH_TEXT.badCredentials);
      const jti = newTokenId();
      await audited(
        ctx,
        recordAudit(app, 'customer-login', caller, {
          userId: user.userId,
          email: user.email,
          tokenId: jti,
          ...device(ctx.body.clientDeviceId),
          ip: ctx.ip,
        }),
      );
      return issueCustomerToken(app, user, now(), jti, device(ctx.body.clientDeviceId));
    },
  });
}
