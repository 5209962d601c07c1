import { authOperations, customerAuthOperations, thingOperations } from '@console/contracts';
import {
  migrateService,
  mongoPlugin,
  natsPlugin,
  postgresPlugin,
  redisPlugin,
  registerOperations,
} from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthConfig } from './config.ts';
import { accountHandlers } from './endpoints/account.ts';
import { adminUserHandlers } from './endpoints/admin-users.ts';
import { authManageHandlers } from './endpoints/auth-manage.ts';
import { authErrors } from './endpoints/errors.ts';
import { loginHandlers } from './endpoints/login.ts';
import { loginAsHandlers } from './endpoints/login-as.ts';
import { passwordResetHandlers } from './endpoints/password-reset.ts';
import { thingHandlers } from './endpoints/things.ts';
import { userAuthHandlers } from './endpoints/user-auth.ts';
import { AUTH_MIGRATIONS } from './migrate.ts';
import { bootstrapAdmin } from './plugins/bootstrap-admin.ts';
import { customerAuthPlugin } from './plugins/customer-auth/index.ts';
import { mailerPlugin } from './plugins/mailer.ts';
import { oneTimeCodesPlugin } from './plugins/one-time-codes.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { sessionsPlugin } from './plugins/sessions.ts';
import { signInPlugin } from './plugins/sign-in.ts';
import { thingsPlugin } from './plugins/things.store.ts';
import { usersPlugin } from './plugins/users.store.ts';

export interface AuthAppOptions {
  config: AuthConfig;
  /** Where the generated first-admin password is shown once; stdout unless a test listens. */
  announce?: (text: string) => void;
}

/**
 * The auth service as a plugin (wrapped so its decorators sit on the server it is registered on):
 * connections, then the schema and first admin, then domain plugins, and the NATS endpoints last,
 * so no request is taken before the database is ready for it.
 */
export const authApp = fp(
  async (app: FastifyInstance, { config, announce }: AuthAppOptions) => {
    await app.register(natsPlugin, { url: config.NATS_URL, prefix: config.NATS_PREFIX, name: 'auth' });
    await app.register(postgresPlugin, { url: config.DATABASE_URL });
    await app.register(redisPlugin, { url: config.REDIS_URL });
    await app.register(mongoPlugin, { url: config.MONGO_URL });

    await migrateService(app, 'auth', AUTH_MIGRATIONS);
    const first = await bootstrapAdmin(app.pg, {
      email: config.BOOTSTRAP_ADMIN_EMAIL,
      password: config.BOOTSTRAP_ADMIN_PASSWORD,
      name: config.BOOTSTRAP_ADMIN_NAME,
      requireOneTimeCode: config.ONE_TIME_CODE_DEFAULT,
      announce: announce ?? ((text) => process.stdout.write(text)),
    });
    if (first.created)
      app.log.info({ email: first.email, generated: first.generated }, 'first admin created');

    const prefix = config.REDIS_PREFIX;
    await app.register(usersPlugin);
    await app.register(thingsPlugin);
    await app.register(sessionsPlugin, {
      prefix,
      idleSeconds: config.SESSION_IDLE_SECONDS,
      absoluteSeconds: config.SESSION_ABSOLUTE_SECONDS,
    });
    await app.register(oneTimeCodesPlugin, {
      prefix,
      ttlSeconds: config.ONE_TIME_CODE_TTL_SECONDS,
      maxAttempts: config.ONE_TIME_CODE_MAX_ATTEMPTS,
    });
    await app.register(rateLimitPlugin, { prefix, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS });
    await app.register(mailerPlugin, {
      url: config.SMTP_URL,
      from: config.MAIL_FROM,
      resetUrl: config.CUSTOMER_RESET_URL,
    });
    await app.register(signInPlugin, { limits: config });
    await app.register(customerAuthPlugin, { tokenSecret: config.CUSTOMER_TOKEN_SECRET });

    await registerOperations(app, {
      service: 'auth',
      operations: [...authOperations, ...thingOperations, ...customerAuthOperations],
      handlers: {
        ...loginHandlers(app),
        ...accountHandlers(app, config),
        ...adminUserHandlers(app, config),
        ...thingHandlers(app),
        ...authManageHandlers(app),
        ...userAuthHandlers(app),
        ...loginAsHandlers(app),
        ...passwordResetHandlers(app),
      },
      errors: authErrors,
    });
  },
  { name: 'auth-app', dependencies: ['health', 'metrics'] },
);
