/**
 * A gateway on real NATS and Redis for the trust tests (input hygiene, sessions, /ws limits).
 *
 * Stand-in: the services behind it are scripted NATS responders (`respond`), so that what the
 * gateway forwards — or, for refused input, does not forward — can be observed alone. The real
 * services behind the real gateway are covered in tests/integration/.
 */
import {
  OPERATIONS,
  operationName,
  SESSION_COOKIE,
  type ServiceReply,
  type ServiceRequest,
  subjects,
} from '@console/contracts';
import { createServer, natsAuth, SessionStore } from '@console/kit';
import { infraEnv, uniqueName } from '@console/kit/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { createSigner } from 'fast-jwt';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildGateway } from '../src/app.ts';
import { gatewayConfig } from '../src/config.ts';

export interface ScriptedGateway {
  app: FastifyInstance;
  prefix: string;
  nc: NatsConnection;
  redis: Redis;
  store: SessionStore;
  /** Every request that reached a scripted service. */
  seen: ServiceRequest[];
  respond(opId: string, answer: (req: ServiceRequest) => ServiceReply | null): void;
  session(roles: string[], userId?: string): Promise<{ sid: string; cookie: string }>;
  path(opId: string): string;
  close(): Promise<void>;
}

export async function startScriptedGateway(env: Record<string, string> = {}): Promise<ScriptedGateway> {
  const infra = infraEnv();
  const prefix = uniqueName('gwt');
  const secret = `secret-${prefix}-0123456789abcdefghij`;
  const config = gatewayConfig({
    ...infra,
    NATS_PREFIX: prefix,
    REDIS_PREFIX: prefix,
    JWT_SECRET: secret,
    JWT_TTL_SECONDS: '60',
    REQUEST_TIMEOUT_MS: '2000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await createServer({ service: 'gateway', logLevel: 'silent', instance: prefix });
  await app.register(buildGateway, { config });
  await app.ready();
  const nc = await connect({ servers: infra.NATS_URL.split(','), ...natsAuth() });
  const redis = new Redis(infra.REDIS_URL);
  const store = new SessionStore(redis, { idleSeconds: 600, absoluteSeconds: 3600 }, prefix);
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000, aud: config.JWT_AUDIENCE });
  const seen: ServiceRequest[] = [];
  const op = (id: string) => {
    const found = OPERATIONS.find((o) => o.id === id);
    if (!found) throw new Error(`no operation ${id}`);
    return found;
  };
  return {
    app,
    prefix,
    nc,
    redis,
    store,
    seen,
    respond(opId, answer) {
      const o = op(opId);
      nc.subscribe(subjects(prefix).api(o.service, operationName(o)), {
        callback: (_err, m) => {
          const req = m.json<ServiceRequest>();
          seen.push(req);
          const reply = answer(req);
          if (reply) m.respond(JSON.stringify(reply));
        },
      });
    },
    async session(roles, userId = '7') {
      const sid = await store.open({
        userId,
        email: `u${userId}@x.test`,
        name: 'Tess',
        roles: roles as never,
      });
      return { sid, cookie: `${SESSION_COOKIE}=${sign({ sid, sub: userId })}` };
    },
    path: (opId) => op(opId).path,
    async close() {
      await nc.drain().catch(() => undefined);
      await app.close();
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    },
  };
}
