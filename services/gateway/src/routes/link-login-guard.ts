import type { Caller } from '@console/contracts';
import { type Bucket, RateLimiter, recordAudit } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** The link service's customer password check (seed 000 §7: POST /v2/…/autouserlogin/lwapps). */
export const CUSTOMER_LOGIN_PATH = /^\/v2\/[a-z0-9-]+\/autouserlogin\/lwapps$/i;

export const LINK_LOGIN_AUDIT = 'third-party-login';

export type LinkLoginOutcome = 'signed-in' | 'wrong-password' | 'refused' | 'too-many' | 'unreachable';

export interface LinkLoginGuard {
  /** Counts a try for this staff member and this customer: the seconds to wait when over either limit, else 0. */
  take(caller: Caller, customer: string): Promise<number>;
  /** A try that signed in gives its count back, so a staff member who links often is never slowed. */
  giveBack(caller: Caller, customer: string): Promise<void>;
  /** Records the try on the audit stream; rejects when the stream does not take it. */
  audit(caller: Caller, customer: string, outcome: LinkLoginOutcome, status: number): Promise<void>;
}

/**
 * Guards the customer-password check of third-party linking (issue 29 §5): `limit` tries a window
 * per staff member and per customer, counted in Redis before the password is judged (so parallel
 * guesses cannot slip past, and every gateway instance shares the count), and every try audited.
 */
export function linkLoginGuard(
  app: Pick<FastifyInstance, 'redis' | 'nats' | 'subjects'>,
  opts: { prefix: string; limit: number; windowSeconds: number },
): LinkLoginGuard {
  const limiter = new RateLimiter(app.redis, opts.prefix, 'link-login', opts.windowSeconds);
  const buckets = (caller: Caller, customer: string): Bucket[] => [
    { name: 'staff', subject: caller.userId, limit: opts.limit },
    { name: 'customer', subject: customer, limit: opts.limit },
  ];
  return {
    async take(caller, customer) {
      return (await limiter.count(buckets(caller, customer))).waitSeconds;
    },
    giveBack: (caller, customer) => limiter.giveBack(buckets(caller, customer)),
    async audit(caller, customer, outcome, status) {
      await recordAudit(app, LINK_LOGIN_AUDIT, caller, { customer, outcome, status });
    },
  };
}

/** The customer e-mail a login body names, lower-cased ('' when it names none). */
export function customerOf(body: unknown): string {
  const email = (body as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

export function outcomeOf(status: number): LinkLoginOutcome {
  if (status >= 200 && status < 300) return 'signed-in';
  if (status === 401) return 'wrong-password';
  return 'refused';
}
