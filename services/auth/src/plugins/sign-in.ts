import { ApiError, type Me, parseRoles } from '@console/contracts';
import type { Bucket } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthConfig } from '../config.ts';
import { generateCode } from './one-time-codes.ts';
import { verifyNobody, verifyPassword } from './passwords.ts';
import { backoffMs } from './rate-limit.ts';
import { normalizeEmail } from './staff-rules.ts';
import { type StaffRow, toMe } from './staff-view.ts';

declare module 'fastify' {
  interface FastifyInstance {
    signIn: SignIn;
  }
}

export const BAD_CREDENTIALS = 'Invalid e-mail or password.';
/** Every failed code check says this, so no answer tells a pending code from an expired or used one. */
export const CODE_REFUSED =
  'That code does not work: it is wrong, expired or was used. Check it, or go back and sign in again.';
export const CODE_SENT = 'A one-time code has been sent to your e-mail.';
export const NO_STAFF_ACCOUNT = 'The provider signed you in, but no active staff account has that e-mail.';
export const MAIL_FAILED = 'The one-time code could not be sent; please try again shortly.';

export type SignInOutcome =
  | { kind: 'code'; userId: string; attemptId: string }
  | { kind: 'session'; sessionId: string; user: Me };

export interface SignIn {
  withPassword(email: string, password: string, ip: string): Promise<SignInOutcome>;
  withCode(attemptId: string, code: string, ip: string): Promise<SignInOutcome & { kind: 'session' }>;
  /** The provider vouched for this e-mail (the gateway checked its ID token): the same session. */
  withProvider(email: string): Promise<SignInOutcome & { kind: 'session' }>;
}

type Limits = Pick<
  AuthConfig,
  | 'LOGIN_LIMIT_PER_ACCOUNT_IP'
  | 'LOGIN_LIMIT_PER_IP'
  | 'LOGIN_SLOW_AFTER'
  | 'LOGIN_SLOW_MAX_MS'
  | 'CODE_LIMIT_PER_IP'
>;

/**
 * The sign-in rules (issue 2 §5, issue 9). Every step that touches Redis comes before anyone is let
 * in, so when Redis is away the attempt fails (and the endpoints answer 503) instead of skipping a check.
 *
 * Limits are shaped so that only the one guessing feels them: password attempts are capped per
 * account *and address* and per address; an account attacked from many addresses is only slowed
 * (progressive delay), never locked. A code is tried only through its sign-in attempt's id, which
 * the password step hands to whoever passed it; wrong tries count against that attempt (it dies after
 * a few) and per address — never against a user, so a stranger without the attempt id cannot even
 * address someone's code, and every failure reads the same (no "pending" signal to time a strike).
 */
export const signInPlugin = fp(
  async (app: FastifyInstance, opts: { limits: Limits }) => {
    const { limits } = opts;
    // Makes the throwaway hash now, so the first unknown e-mail is not told apart by a slower answer.
    await verifyNobody('warm-up');
    const loginBuckets = (email: string, ip: string): Bucket[] => [
      { name: 'login-account-ip', subject: `${email} ${ip}`, limit: limits.LOGIN_LIMIT_PER_ACCOUNT_IP },
      { name: 'login-ip', subject: ip, limit: limits.LOGIN_LIMIT_PER_IP },
      { name: 'login-account', subject: email },
    ];
    const codeBuckets = (ip: string): Bucket[] => [
      { name: 'code-ip', subject: ip, limit: limits.CODE_LIMIT_PER_IP },
    ];

    const openSession = async (user: StaffRow) => {
      await app.users.touchLogin(user.id);
      const roles = parseRoles(user.roles);
      const sessionId = await app.sessions.open({
        userId: user.id,
        email: user.email,
        name: user.name,
        roles,
      });
      return { kind: 'session' as const, sessionId, user: toMe(user) };
    };

    app.decorate('signIn', {
      async withPassword(rawEmail, password, ip) {
        const email = normalizeEmail(rawEmail);
        const buckets = loginBuckets(email, ip);
        const [, , accountWide = 0] = await app.rateLimit.take(buckets);
        const wait = backoffMs(accountWide, limits.LOGIN_SLOW_AFTER, limits.LOGIN_SLOW_MAX_MS);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const user = await app.users.byEmail(email);
        // Same work and the same answer whether the address is unknown, the password wrong or the user disabled.
        const ok = user ? await verifyPassword(user.password_hash, password) : await verifyNobody(password);
        if (!user || !ok || !user.active) throw new ApiError(401, BAD_CREDENTIALS);

        if (!user.require_one_time_code) {
          await app.rateLimit.giveBack(buckets);
          return openSession(user);
        }
        // The attempt stays counted until the code is used, which also bounds how many e-mails a
        // holder of the password alone can trigger.
        const code = generateCode();
        const attemptId = await app.codes.issue(user.id, code);
        try {
          await app.mailer.sendOneTimeCode(user, code, app.codes.ttlSeconds);
        } catch (err) {
          app.log.error({ err, userId: user.id }, 'one-time code e-mail failed');
          await app.codes.revoke(attemptId).catch(() => undefined);
          throw new ApiError(503, MAIL_FAILED);
        }
        return { kind: 'code', userId: user.id, attemptId };
      },

      async withCode(attemptId, code, ip) {
        const buckets = codeBuckets(ip);
        await app.rateLimit.take(buckets);
        const matched = await app.codes.check(attemptId, code);
        // Disabled or deleted between the password and the code: the code no longer opens anything.
        const user = matched && (await app.users.byId(matched.userId));
        if (!user?.active) throw new ApiError(401, CODE_REFUSED);
        await app.rateLimit.giveBack([...buckets, ...loginBuckets(user.email, ip)]);
        return openSession(user);
      },

      async withProvider(rawEmail) {
        const user = await app.users.byEmail(normalizeEmail(rawEmail));
        if (!user?.active) throw new ApiError(403, NO_STAFF_ACCOUNT);
        return openSession(user);
      },
    } satisfies SignIn);
  },
  {
    name: 'sign-in',
    dependencies: ['users', 'sessions', 'one-time-codes', 'rate-limit', 'mailer'],
  },
);
