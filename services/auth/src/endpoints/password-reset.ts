import { ApiError, AUTH_TEXT, customerAuthOperations, PASSWORD_RESET_TTL_SECONDS } from '@console/contracts';
import { callerOf, defineHandlers, recordAudit } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { PasswordResets } from '../plugins/password-resets.store.ts';

const EMAIL = /^[^@\s/]+@[^@\s/]+\.[^@\s/]+$/;

/**
 * The status panel's Reset Password (seed 000 §7): a single-use token for a Gen1 customer, its
 * hash stored, the link e-mailed over SMTP. Audited with the staff member before any mail goes out.
 */
export function passwordResetHandlers(app: FastifyInstance, now: () => Date = () => new Date()) {
  const resets = new PasswordResets(app.pg);
  return defineHandlers(customerAuthOperations, {
    'auth.resetPassword': async (ctx) => {
      const caller = callerOf(ctx);
      const email = ctx.params.email.trim();
      if (!EMAIL.test(email)) throw new ApiError(400, AUTH_TEXT.resetBadEmail, { email: 'Not an e-mail' });
      const customer = await resets.customer(email);
      if (!customer) throw new ApiError(404, AUTH_TEXT.resetNoCustomer);
      await recordAudit(app, 'customer-password-reset', caller, {
        userId: customer.user_id,
        email: customer.email,
      }).catch((err) => {
        ctx.log.error({ err }, 'password reset refused: the audit stream did not take the event');
        throw new ApiError(503, AUTH_TEXT.resetNotRecorded);
      });
      const { token, expiresAt } = await resets.issue(
        customer,
        caller.email,
        now(),
        PASSWORD_RESET_TTL_SECONDS,
      );
      await app.mailer
        .sendPasswordReset({ email: customer.email, name: customer.name }, token, PASSWORD_RESET_TTL_SECONDS)
        .catch((err) => {
          ctx.log.error({ err, userId: customer.user_id }, 'password reset e-mail not sent');
          throw new ApiError(503, AUTH_TEXT.resetMailFailed);
        });
      return { email: customer.email, userId: customer.user_id, expiresAt: expiresAt.toISOString() };
    },
  });
}
