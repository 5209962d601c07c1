import { type Caller, SESSION_COOKIE } from '@console/contracts';
import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { intSetting } from '../config.ts';
import { SessionStore } from '../sessions.ts';

/**
 * The session settings of every process that reads the session cookie (the gateway, which also
 * opens sessions, and the fan-out, which only reads them): the same key, audience and limits.
 */
export const SessionConfigSchema = Type.Object({
  JWT_SECRET: Type.String({
    default: '',
    description:
      'HS256 key shared by every gateway and fan-out instance; empty makes a random one (sessions then survive no restart, and a fan-out cannot read them)',
  }),
  JWT_TTL_SECONDS: intSetting(300, 10, 'Life of one session JWT before renewal'),
  JWT_AUDIENCE: Type.String({ default: 'smarthome-console' }),
  SESSION_IDLE_SECONDS: Type.Integer({ default: 43_200, minimum: 60 }),
  SESSION_ABSOLUTE_SECONDS: Type.Integer({ default: 2_592_000, minimum: 60 }),
  REDIS_PREFIX: Type.String({
    default: 'console',
    description: 'Prefix of the session keys (shared with auth)',
  }),
  COOKIE_SECURE: Type.Optional(
    Type.Union([Type.Literal('auto'), Type.Literal('true'), Type.Literal('false')], {
      description:
        "Whether the session cookie carries Secure (sent over TLS only). Unset: 'true' when NODE_ENV is production (the image sets it), else 'auto' (Secure when the request came over TLS; the local http demo)",
    }),
  ),
  NODE_ENV: Type.String({
    default: 'development',
    description: 'production turns COOKIE_SECURE on by default',
  }),
});
export type SessionConfig = Static<typeof SessionConfigSchema>;

/**
 * Whether a cookie set on this request carries Secure: COOKIE_SECURE when set; otherwise on in
 * production (a TLS deployment), and for anything else only when the request itself came over TLS.
 */
export function cookieIsSecure(
  config: Pick<SessionConfig, 'COOKIE_SECURE' | 'NODE_ENV'>,
  req: { protocol: string },
): boolean {
  const setting = config.COOKIE_SECURE ?? (config.NODE_ENV === 'production' ? 'true' : 'auto');
  return setting === 'auto' ? req.protocol === 'https' : setting === 'true';
}

interface SessionClaims {
  sid: string;
  sub: string;
  iat: number;
  exp: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionStore;
    /** The signed-in caller for this request, or null; renews or clears the cookie as needed. */
    resolveCaller(req: FastifyRequest, reply: FastifyReply | null): Promise<Caller | null>;
    openSession(req: FastifyRequest, reply: FastifyReply, sessionId: string, userId: string): void;
    clearSession(req: FastifyRequest, reply: FastifyReply): void;
  }
}

/**
 * The session cookie holds a short-lived HS256 JWT naming a server-side session in Redis.
 * Every request checks the Redis session too, so logout, a password change, disabling a user
 * or an admin revoking sessions takes effect at once; an expired JWT whose session is still
 * alive is silently renewed. Needs the kit's `redisPlugin` first.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { config: SessionConfig }) => {
    const { config } = opts;
    const secret = config.JWT_SECRET || (await randomSecret(app));
    await app.register(cookie);
    await app.register(jwt, {
      secret,
      // Seconds: @fastify/jwt turns a number of seconds into fast-jwt's milliseconds itself.
      sign: { algorithm: 'HS256', expiresIn: config.JWT_TTL_SECONDS, aud: config.JWT_AUDIENCE },
      verify: { algorithms: ['HS256'], allowedAud: config.JWT_AUDIENCE },
    });
    const store = new SessionStore(
      app.redis,
      { idleSeconds: config.SESSION_IDLE_SECONDS, absoluteSeconds: config.SESSION_ABSOLUTE_SECONDS },
      config.REDIS_PREFIX,
    );
    app.decorate('sessions', store);

    const cookieOptions = (req: FastifyRequest) => ({
      path: '/',
      httpOnly: true,
      sameSite: 'strict' as const,
      secure: cookieIsSecure(config, req),
      maxAge: config.SESSION_ABSOLUTE_SECONDS,
    });

    const setToken = (req: FastifyRequest, reply: FastifyReply, sid: string, userId: string) => {
      const token = app.jwt.sign({ sid, sub: userId });
      reply.setCookie(SESSION_COOKIE, token, cookieOptions(req));
    };

    app.decorate('openSession', setToken);
    app.decorate('clearSession', (req: FastifyRequest, reply: FastifyReply) => {
      reply.clearCookie(SESSION_COOKIE, { ...cookieOptions(req), maxAge: undefined });
    });

    app.decorate(
      'resolveCaller',
      async (req: FastifyRequest, reply: FastifyReply | null): Promise<Caller | null> => {
        const token = req.cookies[SESSION_COOKIE];
        if (!token) return null;
        const claims = verify(app, token);
        if (!claims) {
          if (reply) app.clearSession(req, reply);
          return null;
        }
        const record = await store.use(claims.token.sid);
        if (!record || record.userId !== claims.token.sub) {
          if (reply) app.clearSession(req, reply);
          return null;
        }
        if (claims.expired && reply) setToken(req, reply, claims.token.sid, record.userId);
        return {
          userId: record.userId,
          email: record.email,
          name: record.name,
          roles: record.roles,
          sessionId: claims.token.sid,
        };
      },
    );
  },
  { name: 'session', dependencies: ['redis'] },
);

/** Signature, algorithm and audience always checked; expiry decides only whether to renew. */
function verify(app: FastifyInstance, token: string): { token: SessionClaims; expired: boolean } | null {
  try {
    return { token: app.jwt.verify<SessionClaims>(token), expired: false };
  } catch (err) {
    if ((err as { code?: string }).code !== 'FAST_JWT_EXPIRED') return null;
  }
  try {
    return { token: app.jwt.verify<SessionClaims>(token, { ignoreExpiration: true }), expired: true };
  } catch {
    return null;
  }
}

async function randomSecret(app: FastifyInstance): Promise<string> {
  const { randomBytes } = await import('node:crypto');
  app.log.warn('JWT_SECRET is not set: using a random key; sessions will not survive a restart');
  return randomBytes(32).toString('base64url');
}
