import { randomBytes, randomUUID } from 'node:crypto';
import {
  type Caller,
  OPERATIONS,
  operationName,
  type Role,
  type ServiceReply,
  subjects,
} from '@console/contracts';
import { asGateway, createServer, readConfig, SessionStore } from '@console/kit';
import { freshDatabase, infraEnv, uniqueName } from '@console/kit/testing';
import { connect } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { authApp } from '../src/app.ts';
import { type AuthConfig, AuthConfigSchema } from '../src/config.ts';
import { ensureStaffUser } from '../src/plugins/seed-staff.ts';

/**
 * The real auth app on real NATS, Postgres, Redis and the captured mailbox, isolated by a fresh
 * database and its own NATS and Redis prefixes. Requests go over NATS as the gateway sends them.
 * Nothing is mocked; only the first-admin banner is captured (`announced`) instead of printed.
 */
export interface AuthHarness {
  app: FastifyInstance;
  config: AuthConfig;
  prefix: string;
  announced: string[];
  nc: Awaited<ReturnType<typeof connect>>;
  call(opId: string, req?: CallInput): Promise<ServiceReply>;
  /** The caller the gateway would build from this session, or null once the session has ended. */
  callerFor(sessionId: string): Promise<Caller | null>;
  /** The code in the next not-yet-read e-mail to this address. */
  nextCode(address: string): Promise<string>;
  /** A staff user made directly in the database (a seed, not the API under test). */
  createUser(opts?: { roles?: Role[]; requireOneTimeCode?: boolean; active?: boolean }): Promise<TestUser>;
  /** Signs in over NATS, through the code step when the user has one. */
  signIn(user: { email: string; password: string }, ip?: string): Promise<Caller>;
  /** Builds one more instance of the app on the same database and prefixes. */
  another(announce?: (text: string) => void): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface CallInput {
  body?: unknown;
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  caller?: Caller | null;
  ip?: string;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
}

export type Ok = Extract<ServiceReply, { ok: true }>;
export type Failed = Extract<ServiceReply, { ok: false }>;

export function ok(reply: ServiceReply): Ok {
  if (!reply.ok) throw new Error(`expected success, got ${JSON.stringify(reply.error)}`);
  return reply;
}

export function failed(reply: ServiceReply): Failed['error'] {
  if (reply.ok) throw new Error(`expected a failure, got ${JSON.stringify(reply)}`);
  return reply.error;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function buildApp(config: AuthConfig, announce: (text: string) => void) {
  const app = await createServer({
    service: 'auth',
    logLevel: config.LOG_LEVEL,
    instance: uniqueName('auth'),
  });
  await app.register(authApp, { config, announce });
  await app.ready();
  return app;
}

export async function startAuth(
  env: Record<string, string> = {},
  opts: { databaseUrl?: string; instances?: number } = {},
): Promise<AuthHarness> {
  const infra = infraEnv();
  const prefix = uniqueName('auth');
  const db = opts.databaseUrl ? null : await freshDatabase(infra.DATABASE_URL, 'auth');
  const config = readConfig(AuthConfigSchema, {
    ...infra,
    DATABASE_URL: opts.databaseUrl ?? db?.url,
    NATS_PREFIX: prefix,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const announced: string[] = [];
  // Several instances start at once when asked, as they would under a process supervisor.
  const apps = await Promise.all(
    Array.from({ length: opts.instances ?? 1 }, () => buildApp(config, (t) => announced.push(t))),
  );
  const app = apps[0] as FastifyInstance;
  const nc = await connect({ servers: config.NATS_URL.split(','), name: 'auth-test' });
  const redis = new Redis(config.REDIS_URL);
  const store = new SessionStore(
    redis,
    { idleSeconds: config.SESSION_IDLE_SECONDS, absoluteSeconds: config.SESSION_ABSOLUTE_SECONDS },
    prefix,
  );
  const subj = subjects(prefix);
  const seen = new Set<string>();

  const call = async (opId: string, req: CallInput = {}): Promise<ServiceReply> => {
    const op = OPERATIONS.find((o) => o.id === opId);
    if (!op) throw new Error(`unknown operation ${opId}`);
    const request = {
      requestId: randomUUID(),
      caller: req.caller ?? null,
      ip: req.ip ?? '192.0.2.1',
      params: req.params ?? {},
      query: req.query ?? {},
      body: req.body ?? null,
    };
    const msg = await nc.request(
      subj.api('auth', operationName(op)),
      encoder.encode(JSON.stringify(asGateway('auth', operationName(op), request))),
      {
        timeout: 10_000,
      },
    );
    return JSON.parse(decoder.decode(msg.data)) as ServiceReply;
  };

  const callerFor = async (sessionId: string): Promise<Caller | null> => {
    const r = await store.use(sessionId);
    return r ? { userId: r.userId, email: r.email, name: r.name, roles: r.roles, sessionId } : null;
  };

  const nextCode = async (address: string): Promise<string> => {
    const deadline = Date.now() + 10_000;
    const query = encodeURIComponent(`to:"${address}"`);
    while (Date.now() < deadline) {
      const res = await fetch(`${infra.MAILBOX_URL}/api/v1/search?query=${query}&limit=200`);
      const list = (await res.json()) as { messages: { ID: string; To: { Address: string }[] }[] };
      const fresh = list.messages
        .filter((m) => m.To.some((t) => t.Address.toLowerCase() === address.toLowerCase()))
        .find((m) => !seen.has(m.ID));
      if (fresh) {
        seen.add(fresh.ID);
        const full = (await (await fetch(`${infra.MAILBOX_URL}/api/v1/message/${fresh.ID}`)).json()) as {
          Text: string;
          Subject: string;
        };
        const code = /\b(\d{6})\b/.exec(full.Text)?.[1];
        if (!code || !/one-time code/.test(full.Subject)) throw new Error(`unexpected mail: ${full.Subject}`);
        return code;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no e-mail to ${address} within 10 s`);
  };

  const createUser: AuthHarness['createUser'] = async (o = {}) => {
    const email = `${uniqueName('staff')}@console.test`;
    const password = randomBytes(9).toString('base64url');
    const name = `Test ${email.slice(6, 14)}`;
    const { id } = await ensureStaffUser(app.pg, {
      email,
      name,
      password,
      roles: o.roles ?? [],
      requireOneTimeCode: o.requireOneTimeCode ?? false,
    });
    if (o.active === false) await app.pg.query('update staff_users set active = false where id = $1', [id]);
    return { id, email, password, name };
  };

  const signIn: AuthHarness['signIn'] = async (user, ip) => {
    let reply = ok(await call('auth.login', { body: { email: user.email, password: user.password }, ip }));
    const data = reply.data as { requiresOneTimeCode?: boolean; userId?: string };
    if (data.requiresOneTimeCode) {
      const code = await nextCode(user.email);
      reply = ok(await call('auth.verifyCode', { body: { userId: data.userId, code }, ip }));
    }
    if (!reply.session) throw new Error('sign-in opened no session');
    const caller = await callerFor(reply.session.sessionId);
    if (!caller) throw new Error('the granted session does not exist');
    return caller;
  };

  const another = async (announce: (text: string) => void = (t) => announced.push(t)) => {
    const more = await buildApp(config, announce);
    apps.push(more);
    return more;
  };

  const close = async () => {
    await nc.drain().catch(() => undefined);
    for (const a of apps) await a.close().catch(() => undefined);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
    await db?.drop();
  };

  return {
    app,
    config,
    prefix,
    announced,
    nc,
    call,
    callerFor,
    nextCode,
    createUser,
    signIn,
    another,
    close,
  };
}
