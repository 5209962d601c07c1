import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface LocalOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Registers the console's callback (known once the stack runs) and starts answering. */
  serve(redirectUri: string): void;
  stop(): Promise<void>;
}

/**
 * A small OpenID Connect provider on 127.0.0.1 (the `oidc-provider` package with its development
 * login and consent pages): any login is accepted and becomes the account's e-mail. The port is
 * taken first, so the issuer URL can go into the gateway's environment before the client exists.
 */
export async function startLocalOidc(): Promise<LocalOidc> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server = createServer((req, res) => {
    if (handler) return handler(req, res);
    res.statusCode = 503;
    res.end('not ready');
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'console';
  const clientSecret = randomBytes(24).toString('base64url');
  return {
    issuer,
    clientId,
    clientSecret,
    serve(redirectUri) {
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: clientId,
            client_secret: clientSecret,
            redirect_uris: [redirectUri],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'] },
        findAccount: (_ctx, sub) => ({
          accountId: sub,
          claims: () => ({ sub, email: sub, email_verified: true }),
        }),
        pkce: { required: () => true },
      });
      provider.on('server_error', (_ctx, err) => console.error('oidc provider:', err));
      handler = provider.callback();
    },
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
