// The few parts of `oidc-provider` (it ships no types) that tests/support/oidc-provider.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims: () => Record<string, unknown>;
  }

  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Record<string, unknown>[];
        claims?: Record<string, string[]>;
        findAccount?: (ctx: unknown, sub: string) => Account | Promise<Account>;
        pkce?: { required: () => boolean };
      },
    );
    on(event: 'server_error', listener: (ctx: unknown, err: Error) => void): this;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
