import { type Static, type TObject, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * Reads the environment through a schema: strings are converted to the declared types,
 * defaults filled in, and anything invalid stops the process with every problem listed.
 */
export function readConfig<T extends TObject>(schema: T, env: NodeJS.ProcessEnv = process.env): Static<T> {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const v = env[key];
    if (v !== undefined && v !== '') picked[key] = v;
  }
  const value = Value.Default(schema, Value.Convert(schema, picked));
  const errors = [...Value.Errors(schema, value)];
  if (errors.length > 0) {
    const lines = errors.map((e) => `${e.path.slice(1) || '(root)'}: ${e.message}`);
    throw new Error(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return value as Static<T>;
}

/** The settings every service shares. Defaults match infra/compose.yaml. */
export const CommonConfigSchema = Type.Object({
  HOST: Type.String({
    default: '127.0.0.1',
    description: 'Address the HTTP side (health, metrics) listens on',
  }),
  PORT: Type.Integer({ default: 0, minimum: 0, maximum: 65535, description: '0 picks a free port' }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  NATS_URL: Type.String({ default: 'nats://127.0.0.1:4222' }),
  NATS_PREFIX: Type.String({ default: 'console', description: 'Prefix of every NATS subject and stream' }),
  NATS_STREAM_REPLICAS: Type.Integer({
    default: 1,
    minimum: 1,
    maximum: 5,
    description: 'JetStream replicas of the hub and audit streams (3 on a three-node cluster)',
  }),
  NATS_USER: Type.String({ default: '', description: 'Broker user of this component (infra/nats-auth.sh)' }),
  NATS_PASSWORD_FILE: Type.String({
    default: '',
    description: 'File holding that user’s password (or NATS_PASSWORD, read from the environment)',
  }),
  DATABASE_URL: Type.String({ default: 'postgres://postgres@127.0.0.1:5432/console' }),
  MONGO_URL: Type.String({ default: 'mongodb://127.0.0.1:27017/console' }),
  REDIS_URL: Type.String({ default: 'redis://127.0.0.1:6379/0' }),
  INSTANCE_ID: Type.String({ default: '', description: 'Defaults to host name and pid' }),
  CALLER_ASSERTION_KEY: Type.String({
    default: '',
    description:
      'Key (32+ characters) the gateway signs caller assertions with and every service verifies them with; or CALLER_ASSERTION_KEY_FILE',
  }),
});
export type CommonConfig = Static<typeof CommonConfigSchema>;

/** A whole-number setting: its default, its least allowed value, what it is for. */
export const intSetting = (defaultValue: number, minimum: number, description: string) =>
  Type.Integer({ default: defaultValue, minimum, description });

/** A service's `…Config(env?)` reader over its schema. */
export const configReader =
  <T extends TObject>(schema: T) =>
  (env: NodeJS.ProcessEnv = process.env): Static<T> =>
    readConfig(schema, env);
