import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { InfraEnv } from '@console/kit/testing';

const root = resolve(import.meta.dirname, '../..');

/**
 * Runs `infra/dev-infra.sh up` (it starts what is missing) and returns the URLs it prints, each a
 * `NAME=value` line. Used by the global setup and by the benchmarks, which run outside Vitest.
 */
export function devInfraUp(opts: { showProgress?: boolean } = {}): InfraEnv {
  // The key the gateway signs caller assertions with and the services verify, for this run: set
  // here so the test workers and the services a stack spawns inherit it.
  process.env.CALLER_ASSERTION_KEY ??= randomBytes(32).toString('base64url');
  const out = execFileSync('bash', [resolve(root, 'infra/dev-infra.sh'), 'up'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', opts.showProgress ? 'inherit' : 'ignore'],
  });
  const env: Record<string, string> = {};
  for (const line of out.split('\n')) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (m?.[1] && m[2] !== undefined) env[m[1]] = m[2];
  }
  for (const key of ['NATS_URL', 'DATABASE_URL', 'MONGO_URL', 'REDIS_URL', 'SMTP_URL', 'MAILBOX_URL']) {
    if (!env[key]) throw new Error(`infra/dev-infra.sh up did not print ${key}`);
  }
  // The broker's `tests` user, for the tests' own connections and the apps they build (natsAuth()),
  // and where each component's password is (stacks start each service as its own user).
  for (const key of ['NATS_USER', 'NATS_PASSWORD', 'NATS_AUTH_DIR']) {
    if (env[key]) process.env[key] = env[key];
  }
  return env as unknown as InfraEnv;
}
