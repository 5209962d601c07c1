import { randomBytes } from 'node:crypto';
import type { Caller, Role } from '@console/contracts';
import { natsAuth, SessionStore } from '@console/kit';
import {
  freshDatabase,
  infraEnv,
  type OperationCall,
  ok,
  oneTimeCode,
  operationClient,
  scratchRedis,
  startApp,
  testConfig,
  uniqueName,
} from '@console/kit/testing';
import { connect } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import { authApp } from '../src/app.ts';
import { type AuthConfig, AuthConfigSchema } from '../src/config.ts';
import { ensureStaffUser } from '../src/plugins/seed-staff.ts';

export { failure as failed, ok } from '@console/kit/testing';

/**
 * The real auth app on real NATS, Postgres, Redis and the captured mailbox, isolated by a fresh
 * database and its own NATS and Redis prefixes. Requests go over NATS as the gateway sends them
 * (the kit's operation client). Nothing is mocked; only the first-admin banner is captured
 * (`announced`) instead of printed.
 */
export interface AuthHarness {
  app: FastifyInstance;
  config: AuthConfig;
  prefix: string;
  announced: string[];
  nc: Awaited<ReturnType<typeof connect>>;
  call: OperationCall;
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

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
}

export async function startAuth(
  env: Record<string, string> = {},
  opts: { databaseUrl?: string; instances?: number } = {},
): Promise<AuthHarness> {
  const infra = infraEnv();
  const prefix = uniqueName('auth');
  const db = opts.databaseUrl ? null : await freshDatabase(infra.DATABASE_URL, 'auth');
  const config = testConfig(AuthConfigSchema, prefix, {
    DATABASE_URL: opts.databaseUrl ?? db?.url,
    ...env,
  });
  const announced: string[] = [];
  const build = (announce: (text: string) => void) =>
    startApp(authApp, { service: 'auth', options: { config, announce } });
  // Several instances start at once when asked, as they would under a process supervisor.
  const apps = await Promise.all(
    Array.from({ length: opts.instances ?? 1 }, () => build((t) => announced.push(t))),
  );
  const app = apps[0] as FastifyInstance;
  const nc = await connect({ servers: config.NATS_URL.split(','), name: 'auth-test', ...natsAuth() });
  const redis = scratchRedis(config.REDIS_URL, prefix);
  const store = new SessionStore(
    redis.redis,
    { idleSeconds: config.SESSION_IDLE_SECONDS, absoluteSeconds: config.SESSION_ABSOLUTE_SECONDS },
    prefix,
  );
  const call = operationClient(nc, prefix);
  const seen = new Set<string>();

  const callerFor = async (sessionId: string): Promise<Caller | null> => {
    const r = await store.use(sessionId);
    return r ? { userId: r.userId, email: r.email, name: r.name, roles: r.roles, sessionId } : null;
  };

  const nextCode = (address: string) => oneTimeCode(infra.MAILBOX_URL, address, { seen });

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
    const data = reply.data as { requiresOneTimeCode?: boolean; attemptId?: string };
    if (data.requiresOneTimeCode) {
      const code = await nextCode(user.email);
      reply = ok(await call('auth.verifyCode', { body: { attemptId: data.attemptId, code }, ip }));
    }
    if (!reply.session) throw new Error('sign-in opened no session');
    const caller = await callerFor(reply.session.sessionId);
    if (!caller) throw new Error('the granted session does not exist');
    return caller;
  };

  const another = async (announce: (text: string) => void = (t) => announced.push(t)) => {
    const more = await build(announce);
    apps.push(more);
    return more;
  };

  const close = async () => {
    await nc.drain().catch(() => undefined);
    for (const a of apps) await a.close().catch(() => undefined);
    await redis.drop();
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
