/**
 * Helpers of the fan-out tests: the real fan-out from app.ts on real NATS (JetStream) and
 * Redis, a scripted hub publisher, and a small websocket client that records every frame.
 */
import { type LiveEvent, SESSION_COOKIE, type ServerFrame, streamNames, subjects } from '@console/contracts';
import { ensureStreams, natsAuth, removeStreams, SessionStore } from '@console/kit';
import { FrameSocket, infraEnv, startApp, testConfig, uniqueName, waitFor } from '@console/kit/testing';
import { type JetStreamManager, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { createSigner } from 'fast-jwt';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';
import { buildFanout } from '../src/app.ts';
import { FanoutConfigSchema } from '../src/config.ts';

const secret = 'live-secret-0123456789abcdefghijklmnop';

export interface LiveStack {
  app: FastifyInstance;
  url: string;
  prefix: string;
  stream: string;
  nc: NatsConnection;
  jsm: JetStreamManager;
  /** A cookie for a signed-in user with these roles. */
  cookie(roles: string[]): Promise<string>;
  /** The same, with the user id and the session store, for a test that changes or ends the session. */
  session(roles: string[]): Promise<{ cookie: string; userId: string; sid: string; store: SessionStore }>;
  /** Publishes as a hub would: its envelope as JSON on hub.<id>.msg.<direction>.<class>.<operation>. */
  hubMsg(hubId: string, direction: string, cls: string, op: string, extra?: Record<string, unknown>): void;
  metric(name: string): Promise<number>;
  close(): Promise<void>;
}

/** The real fan-out from app.ts on the test's prefixes and secret, ready and not listening. */
export function startTestFanout(prefix: string, secret: string, env: Record<string, string> = {}) {
  const config = testConfig(FanoutConfigSchema, prefix, { JWT_SECRET: secret, ...env });
  return startApp(buildFanout, { service: 'fanout', instance: 'test', options: { config } });
}

export async function startLiveStack(env: Record<string, string> = {}): Promise<LiveStack> {
  const infra = infraEnv();
  const prefix = uniqueName('live');
  const app = await startTestFanout(prefix, secret, {
    LIVE_TICK_MS: '20',
    LIVE_TOPIC_LINGER_MS: '100',
    ...env,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const nc = await connect({ servers: infra.NATS_URL, ...natsAuth() });
  // Stand-in for hub-control's hub card: live hub topics must name a hub that exists (asked of
  // hub-control); every hub exists except those whose id starts with "missing".
  nc.subscribe(subjects(prefix).api('hub-control', 'hub'), {
    callback: (_err, m) => {
      const hubId = String(m.json<{ params: { hubId: string } }>().params.hubId);
      const missing = { statusCode: 404, error: 'Not Found', message: `There is no hub ${hubId}.` };
      m.respond(
        JSON.stringify(hubId.startsWith('missing') ? { ok: false, error: missing } : { ok: true, data: {} }),
      );
    },
  });
  const jsm = await jetstreamManager(nc);
  const redis = new Redis(infra.REDIS_URL);
  const store = new SessionStore(redis, { idleSeconds: 600, absoluteSeconds: 3600 }, prefix);
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000, aud: 'smarthome-console' });
  const s = subjects(prefix);
  const session = async (roles: string[]) => {
    const userId = String(Math.floor(Math.random() * 1e6));
    const sid = await store.open({ userId, email: `u${userId}@x.test`, name: 'Tess', roles: roles as never });
    return { cookie: `${SESSION_COOKIE}=${sign({ sid, sub: userId })}`, userId, sid, store };
  };
  let tx = 0;
  return {
    app,
    url: `ws://127.0.0.1:${port}/ws`,
    prefix,
    stream: streamNames(prefix).hubMsgs,
    nc,
    jsm,
    async cookie(roles) {
      return (await session(roles)).cookie;
    },
    session,
    hubMsg(hubId, direction, cls, op, extra = {}) {
      tx += 1;
      const body = {
        version: '1.0',
        transactionId: tx,
        senderId: hubId,
        direction,
        class: cls,
        operation: op,
      };
      nc.publish(
        s.hubMsg(hubId, direction as never, cls, op),
        JSON.stringify({ ...body, items: [], ...extra }),
      );
    },
    async metric(name) {
      const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      const line = text.split('\n').find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
      return line ? Number(line.split(' ').at(-1)) : 0;
    },
    async close() {
      await app.close();
      await removeStreams(nc, prefix);
      await nc.drain();
      redis.disconnect();
    },
  };
}

type Frame = ServerFrame & { events?: LiveEvent[] };

/** A browser's socket, reduced to what the tests look at. */
export class LiveClient extends FrameSocket<Frame> {
  static async open(url: string, cookie: string): Promise<LiveClient> {
    const c = new LiveClient(url, cookie);
    await c.opened();
    return c;
  }

  /** Subscribes and waits for the answer to it: subscribed, reload or error. */
  async subscribe(topic: string, extra: object = {}): Promise<Frame> {
    const from = this.frames.length;
    this.send({ type: 'subscribe', topic, ...extra });
    return this.waitFor(
      (f, i) => i >= from && 'topic' in f && f.topic === topic && f.type !== 'events',
      `an answer to subscribe ${topic}`,
    );
  }

  events(topic: string): LiveEvent[] {
    return this.frames.flatMap((f) => (f.type === 'events' && f.topic === topic ? f.events : []));
  }

  async waitForEvents(topic: string, count: number, timeoutMs = 10_000): Promise<LiveEvent[]> {
    await until(() => this.events(topic).length >= count, `${count} events on ${topic}`, timeoutMs);
    return this.events(topic);
  }

  async waitFor(pred: (f: Frame, i: number) => boolean, what: string, timeoutMs = 10_000): Promise<Frame> {
    await until(() => this.frames.some(pred), what, timeoutMs);
    return this.frames.find(pred) as Frame;
  }
}

/** The kit's waitFor, polling often: these waits are for frames a local socket gets within milliseconds. */
export const until = (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) =>
  waitFor(check, what, { timeoutMs, intervalMs: 10 });

/**
 * A NATS connection of the test and the console's streams under a fresh prefix (removed after),
 * for a live source tested on its own: `nc` is set once the file's `beforeAll` ran.
 */
export function useStreams(base: string) {
  const prefix = uniqueName(base);
  const t = { prefix, s: subjects(prefix), nc: null as unknown as NatsConnection };
  beforeAll(async () => {
    t.nc = await connect({ servers: infraEnv().NATS_URL, ...natsAuth() });
    await ensureStreams(t.nc, prefix);
  });
  afterAll(async () => {
    await removeStreams(t.nc, prefix);
    await t.nc.drain();
  });
  return t;
}
