import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CustomerTokens } from './customer-tokens.ts';
import { AuthRecordsStore } from './records.store.ts';
import { AuthUsersStore } from './users.store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    customerAuth: { records: AuthRecordsStore; users: AuthUsersStore; tokens: CustomerTokens };
  }
}

/** The customer auth store (Mongo, filled by the world generator) and the tokens this server signs. */
export const customerAuthPlugin = fp(
  async (app: FastifyInstance, opts: { tokenSecret?: string }) => {
    app.decorate('customerAuth', {
      records: new AuthRecordsStore(app.mongo),
      users: new AuthUsersStore(app.mongo, app.pg),
      tokens: new CustomerTokens(opts.tokenSecret),
    });
  },
  { name: 'customer-auth', dependencies: ['mongo', 'postgres'] },
);
