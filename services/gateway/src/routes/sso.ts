import { randomUUID } from 'node:crypto';
import { operationById, type SsoConfig } from '@console/contracts';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { cookieIsSecure, type GatewayConfig } from '../config.ts';

const STATE_COOKIE = 'console_sso';
const STATE_TTL_SECONDS = 600;
const LABEL = 'Connect with the provider';

interface Pending {
  verifier: string;
  nonce: string;
  redirectUri: string;
}

/**
 * Single sign-on through an OpenID Connect provider (seed 002 §2, §7 "Browser redirect to
 * /auth/{provider}"): the authorisation-code flow with PKCE (S256), state and nonce. The pending
 * checks wait in Redis (single use, 10 minutes) under the state, which the browser carries in an
 * HttpOnly cookie; the callback lets openid-client check state, nonce, PKCE and the ID token, then
 * asks auth (internal operation auth.ssoSignIn) to open the session of the staff user with that
 * e-mail, and lands the user where the password and code path would.
 */
export async function ssoRoutes(app: FastifyInstance, opts: { config: GatewayConfig }) {
  const { config } = opts;
  const provider = config.OIDC_ISSUER ? config.OIDC_PROVIDER : null;

  app.get(
    '/auth/sso',
    { schema: { hide: true } },
    async () => ({ provider, label: LABEL }) satisfies SsoConfig,
  );
  if (!provider) return;

  // Discovered on first use (the provider may start after the gateway), then kept.
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    discovered ??= oidc
      .discovery(
        new URL(config.OIDC_ISSUER),
        config.OIDC_CLIENT_ID,
        config.OIDC_CLIENT_SECRET,
        undefined,
        config.OIDC_ALLOW_HTTP ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err) => {
        discovered = null;
        throw err;
      });
    return discovered;
  };
  const key = (state: string) => `${config.REDIS_PREFIX}:sso:${state}`;
  const redirectUri = (req: FastifyRequest) =>
    config.OIDC_REDIRECT_URL || `${req.protocol}://${req.host}/auth/${provider}/callback`;
  const fail = (reply: FastifyReply, message: string) =>
    reply.redirect(`/login?${new URLSearchParams({ sso_error: message })}`);
  const stateCookie = (req: FastifyRequest) => ({
    path: `/auth/${provider}`,
    httpOnly: true,
    // Lax: the provider's redirect back is a cross-site top-level GET.
    sameSite: 'lax' as const,
    secure: cookieIsSecure(config, req),
  });

  app.get(`/auth/${provider}`, { schema: { hide: true } }, async (req, reply) => {
    let server: oidc.Configuration;
    try {
      server = await configuration();
    } catch (err) {
      req.log.error({ err }, 'OpenID Connect discovery failed');
      return fail(reply, 'The sign-on provider cannot be reached right now.');
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const pending: Pending = { verifier, nonce, redirectUri: redirectUri(req) };
    await app.redis.set(key(state), JSON.stringify(pending), 'EX', STATE_TTL_SECONDS);
    reply.setCookie(STATE_COOKIE, state, { ...stateCookie(req), maxAge: STATE_TTL_SECONDS });
    const url = oidc.buildAuthorizationUrl(server, {
      redirect_uri: pending.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return reply.redirect(url.href);
  });

  app.get(`/auth/${provider}/callback`, { schema: { hide: true } }, async (req, reply) => {
    const state = req.cookies[STATE_COOKIE];
    reply.clearCookie(STATE_COOKIE, stateCookie(req));
    // Single use: whatever happens next, this state cannot be replayed.
    const raw = state ? await app.redis.getdel(key(state)) : null;
    if (!state || !raw) return fail(reply, 'The sign-on expired or was already used; please try again.');
    const pending = JSON.parse(raw) as Pending;
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    let email: string;
    let claims: oidc.IDToken;
    try {
      const tokens = await oidc.authorizationCodeGrant(
        await configuration(),
        new URL(`${pending.redirectUri}${query}`),
        {
          pkceCodeVerifier: pending.verifier,
          expectedState: state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        },
      );
      const server = await configuration();
      claims = tokens.claims() as oidc.IDToken;
      email = typeof claims.email === 'string' ? claims.email : '';
      // Conforming providers put scope claims in the userinfo answer, not the ID token.
      if (!email) {
        const info = await oidc.fetchUserInfo(server, tokens.access_token, claims.sub);
        email = typeof info.email === 'string' ? info.email : '';
      }
    } catch (err) {
      req.log.warn({ err }, 'OpenID Connect callback refused');
      return fail(reply, 'The sign-on provider did not confirm who you are.');
    }
    if (!email) return fail(reply, 'The sign-on provider gave no e-mail address.');
    const answer = await app.forward(operationById('auth.ssoSignIn'), {
      requestId: req.id ?? randomUUID(),
      caller: null,
      ip: req.ip,
      params: {},
      query: {},
      body: { email, issuer: claims.iss, subject: claims.sub },
    });
    if (!answer.ok) return fail(reply, answer.error.message);
    if (!answer.session) return fail(reply, 'No session was opened.');
    app.openSession(req, reply, answer.session.sessionId, answer.session.userId);
    const landing = (answer.data as { user?: { landing?: string } }).user?.landing ?? '/';
    return reply.redirect(landing.startsWith('/') ? landing : '/');
  });
}
