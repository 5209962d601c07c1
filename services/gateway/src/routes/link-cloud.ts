import { allows, type Caller, THIRD_PARTY_ACCESS } from '@console/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.ts';
import { sendError } from './api.ts';
import { CUSTOMER_LOGIN_PATH, customerOf, linkLoginGuard, outcomeOf } from './link-login-guard.ts';

/** Why a signed-in caller without the role is turned away (no role-less account reaches a customer's password). */
export const NEEDS_THIRD_PARTY_ROLE = 'Third-party linking needs the support role.';

/**
 * /link/* → the third-party link service (seed 000 §7), for signed-in staff with the third-party
 * role only: the console's pages may talk to their own origin alone (CSP), and the service is not on
 * the broker (it stands for outside clouds). Method, JSON body, query and the customer's bearer token
 * pass through; the staff cookie does not. The customer-password check is rate-limited per staff
 * member and per customer and every try of it audited (issue 29 §5).
 */
export async function linkCloudRoutes(app: FastifyInstance, opts: { config: GatewayConfig }) {
  const { config } = opts;
  const base = config.LINK_CLOUD_URL.replace(/\/+$/, '');
  const guard = linkLoginGuard(app, {
    prefix: config.REDIS_PREFIX,
    limit: config.LINK_LOGIN_LIMIT,
    windowSeconds: 60,
  });

  const callers = new WeakMap<FastifyRequest, Caller>();

  /** The customer-password check: counted, forwarded, audited; the link service's answer only once recorded. */
  const customerLogin = async (req: FastifyRequest, reply: FastifyReply, target: string) => {
    const caller = callers.get(req);
    if (!caller) return sendError(reply, 401, 'Please sign in.');
    const customer = customerOf(req.body);
    const wait = await guard.take(caller, customer);
    if (wait > 0) {
      await guard
        .audit(caller, customer, 'too-many', 429)
        .catch((err) => req.log.error({ err, customer }, 'refused third-party login not audited'));
      reply.header('retry-after', String(wait));
      return sendError(reply, 429, `Too many tries; wait ${wait} s.`);
    }
    const res = await forward(req, target);
    const status = res?.status ?? 503;
    // Only a judged wrong password keeps its count: a sign-in that worked, or a form sent without a
    // username or password (400, nothing judged), hands it back.
    if (res?.ok || status === 400) await guard.giveBack(caller, customer);
    try {
      await guard.audit(caller, customer, res ? outcomeOf(status) : 'unreachable', status);
    } catch (err) {
      // Nothing leaves unrecorded: without the audit record the answer (and its token) is withheld.
      req.log.error({ err, customer }, 'third-party login not audited');
      return sendError(reply, 503, 'The attempt could not be recorded; please try again shortly.');
    }
    return relay(reply, res);
  };

  const forward = async (req: FastifyRequest, target: string): Promise<Response | null> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (typeof req.headers.authorization === 'string') headers.authorization = req.headers.authorization;
    if (req.method === 'POST') headers['content-type'] = 'application/json';
    try {
      return await fetch(target, {
        method: req.method,
        headers,
        body: req.method === 'POST' ? JSON.stringify(req.body ?? {}) : undefined,
        signal: AbortSignal.timeout(config.REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      req.log.warn({ err }, 'link service unreachable');
      return null;
    }
  };

  const relay = async (reply: FastifyReply, res: Response | null) => {
    if (!res) return sendError(reply, 503, 'The link service cannot be reached right now.');
    return reply
      .code(res.status)
      .type('application/json; charset=utf-8')
      .send(await res.text());
  };

  app.route({
    method: ['GET', 'POST'],
    url: '/link/*',
    schema: { hide: true },
    onRequest: async (req, reply) => {
      const caller = await app.resolveCaller(req, reply);
      if (!caller) return sendError(reply, 401, 'Please sign in.');
      if (!allows(THIRD_PARTY_ACCESS, caller.roles)) return sendError(reply, 403, NEEDS_THIRD_PARTY_ROLE);
      callers.set(req, caller);
    },
    handler: async (req, reply) => {
      if (!base) return sendError(reply, 503, 'The link service is not configured (LINK_CLOUD_URL).');
      const path = req.url.slice('/link'.length);
      const target = `${base}${path}`;
      if (req.method === 'POST' && CUSTOMER_LOGIN_PATH.test(path.split('?')[0] ?? ''))
        return customerLogin(req, reply, target);
      return relay(reply, await forward(req, target));
    },
  });
}
