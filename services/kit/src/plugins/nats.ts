import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Subjects, subjects } from '@console/contracts';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type BrokerLiveness, type LivenessOptions, watchBroker } from './broker-liveness.ts';

declare module 'fastify' {
  interface FastifyInstance {
    nats: NatsConnection;
    subjects: Subjects;
    /** Whether the broker answers (a stalled one as well as a lost link): `broker-liveness.ts`. */
    broker: BrokerLiveness;
  }
}

export interface NatsPluginOptions {
  url: string;
  prefix: string;
  name: string;
  /** The broker user and password; default: `natsAuth()` from the environment. */
  user?: string;
  pass?: string;
  /** How a stalled broker is told (default: a round trip every 250 ms, stalled after 1 s without one). */
  liveness?: LivenessOptions;
}

/** A stalled broker is told within about a second (docs/architecture.md, "A stalled broker"). */
export const DEFAULT_LIVENESS: LivenessOptions = { probeMs: 250, stallMs: 1000 };

/**
 * This process's broker credentials: `NATS_USER` with `NATS_PASSWORD`, or the contents of the file
 * named by `NATS_PASSWORD_FILE` (infra/nats-auth.sh makes one per component), and the user's own
 * inbox prefix: the broker lets a user hear only `_INBOX_<user>.>` (infra/helm/console/broker-users.json),
 * so no component reads another's replies. Empty when no user is set (a broker without authentication).
 */
export function natsAuth(env: NodeJS.ProcessEnv = process.env): {
  user?: string;
  pass?: string;
  inboxPrefix?: string;
} {
  const user = env.NATS_USER;
  if (!user) return {};
  const pass =
    env.NATS_PASSWORD || (env.NATS_PASSWORD_FILE ? readFileSync(env.NATS_PASSWORD_FILE, 'utf8').trim() : '');
  return { user, pass, inboxPrefix: inboxPrefixOf(user) };
}

/** A broker user's private inbox prefix (the same rule as infra/nats-conf.ts). */
export const inboxPrefixOf = (user: string) => `_INBOX_${user}`;

/**
 * One NATS connection per process. It reconnects without limit (a broker restart must not
 * take services down for good) and logs every state change; readiness follows the link.
 */
/**
 * The environment a component's process gets to connect as its own broker user, when the broker
 * has per-component users (`NATS_AUTH_DIR`, printed by infra/dev-infra.sh); else nothing.
 */
export function natsEnvFor(component: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const dir = env.NATS_AUTH_DIR;
  if (!dir) return {};
  return { NATS_USER: component, NATS_PASSWORD: '', NATS_PASSWORD_FILE: join(dir, `${component}.pass`) };
}

/** The NATS plugin's options from a service's config: its broker and subject prefix, under `name`. */
export const natsOptions = (
  config: { NATS_URL: string; NATS_PREFIX: string },
  name: string,
): NatsPluginOptions => ({
  url: config.NATS_URL,
  prefix: config.NATS_PREFIX,
  name,
});

export const natsPlugin = fp(
  async (app: FastifyInstance, opts: NatsPluginOptions) => {
    const auth = opts.user
      ? { user: opts.user, pass: opts.pass, inboxPrefix: inboxPrefixOf(opts.user) }
      : natsAuth();
    const nc = await connect({
      ...auth,
      servers: opts.url.split(','),
      name: opts.name,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      waitOnFirstConnect: true,
      // Without this, every request builds a RequestError and a TimeoutError up front just to keep
      // the caller's stack in case it fails: ~8 % of hub-control's CPU at 50 actions in flight.
      // Failures still come as the same error classes, built when they happen.
      noAsyncTraces: true,
      // The client's own check: a broker that answers no PING in 2 × 2 s is dropped and dialled
      // again (the default, 2 × 2 min, kept a paused broker's link for four minutes).
      pingInterval: 2000,
      maxPingOut: 2,
    });
    const broker = watchBroker(nc, opts.liveness ?? DEFAULT_LIVENESS);
    broker.onChange((state) => app.log.warn({ nats: state }, 'broker liveness'));
    void (async () => {
      for await (const s of nc.status()) {
        if (s.type !== 'ping') app.log.info({ nats: s.type }, 'nats status');
      }
    })();
    app.decorate('nats', nc);
    app.decorate('subjects', subjects(opts.prefix));
    app.decorate('broker', broker);
    app.readiness.add('nats', () => {
      if (nc.isClosed()) throw new Error('not connected');
      if (broker.state === 'disconnected') throw new Error('not connected');
      if (broker.state === 'stalled')
        throw new Error(`not answering since ${new Date(broker.downSince ?? Date.now()).toISOString()}`);
    });
    app.addHook('onClose', async () => {
      broker.stop();
      // drain lets in-flight requests finish and unsubscribes the service endpoints first.
      if (!nc.isClosed()) await nc.drain().catch(() => undefined);
    });
  },
  { name: 'nats', dependencies: ['health'] },
);
