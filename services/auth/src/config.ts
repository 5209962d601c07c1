import { ONE_TIME_CODE } from '@console/contracts';
import { CommonConfigSchema, configReader, intSetting } from '@console/kit';
import { type Static, Type } from '@sinclair/typebox';

const count = (def: number, description: string) => intSetting(def, 1, description);

export const AuthConfigSchema = Type.Composite([
  CommonConfigSchema,
  Type.Object({
    REDIS_PREFIX: Type.String({
      default: 'console',
      description: 'Prefix of every Redis key (sessions, codes, rate limits); the gateway must use the same',
    }),
    SMTP_URL: Type.String({ default: 'smtp://127.0.0.1:1025', description: 'Where one-time codes are sent' }),
    MAIL_FROM: Type.String({ default: 'Staff Console <no-reply@console.local>' }),
    CUSTOMER_RESET_URL: Type.String({
      default: 'https://customers.console.local/reset-password',
      description: "The customers' reset page; the e-mailed link adds ?token=…",
    }),
    SESSION_IDLE_SECONDS: intSetting(43_200, 60, 'A session unused this long ends'),
    SESSION_ABSOLUTE_SECONDS: intSetting(
      2_592_000,
      60,
      'A session ends this long after sign-in, however active',
    ),
    BOOTSTRAP_ADMIN_EMAIL: Type.Optional(
      Type.String({ description: 'First admin, created only while there is no staff user at all' }),
    ),
    BOOTSTRAP_ADMIN_PASSWORD: Type.Optional(Type.String({ description: 'Password of that first admin' })),
    BOOTSTRAP_ADMIN_NAME: Type.String({ default: 'Administrator' }),
    ONE_TIME_CODE_DEFAULT: Type.Boolean({
      default: true,
      description: 'Whether new staff users must enter an e-mailed code at sign-in',
    }),
    ONE_TIME_CODE_TTL_SECONDS: count(ONE_TIME_CODE.ttlSeconds, 'Life of an e-mailed code'),
    ONE_TIME_CODE_MAX_ATTEMPTS: count(ONE_TIME_CODE.maxAttempts, 'Wrong tries that kill a code'),
    RATE_LIMIT_WINDOW_SECONDS: count(900, 'Window of the sign-in rate limits'),
    LOGIN_LIMIT_PER_ACCOUNT_IP: count(
      10,
      'Password attempts per e-mail address from one client address per window',
    ),
    LOGIN_LIMIT_PER_IP: count(50, 'Password attempts per client address per window'),
    LOGIN_SLOW_AFTER: count(
      10,
      'Attempts on one e-mail address (from anywhere) per window before each is slowed',
    ),
    LOGIN_SLOW_MAX_MS: Type.Integer({
      default: 4000,
      minimum: 0,
      maximum: 8000,
      description: 'Longest wait added to a password attempt on a much-tried address (never a lock)',
    }),
    CUSTOMER_TOKEN_SECRET: Type.Optional(
      Type.String({
        minLength: 16,
        description:
          'Key of the customer tokens Login-As issues (HS256), shared by every instance; unset: random per process',
      }),
    ),
    CODE_LIMIT_PER_IP: count(
      50,
      'Code attempts per client address per window (each code also dies after a few wrong tries)',
    ),
  }),
]);
export type AuthConfig = Static<typeof AuthConfigSchema>;

export const authConfig = configReader(AuthConfigSchema);
