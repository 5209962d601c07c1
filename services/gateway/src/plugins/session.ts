import { type Caller, SESSION_COOKIE } from '@console/contracts';
import { SessionStore } from '@console/kit';
import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cookieIsSecure, type GatewayConfig } from '../config.ts';

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
 * alive is silently renewed.
 */
export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { config: GatewayConfig }) => {
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
