import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { pruneTestStreams } from '@console/kit';
import type { InfraEnv } from '@console/kit/testing';
import { connect } from '@nats-io/transport-node';
import type { TestProject } from 'vitest/node';

const root = resolve(import.meta.dirname, '../..');

/**
 * Makes sure the real infrastructure is up (infra/dev-infra.sh starts what is missing) and hands
 * its URLs to the tests. Tests isolate themselves: their own database names, key and subject prefixes.
 * The teardown deletes the JetStream streams the run's prefixes left on the shared NATS server
 * (a file whose own cleanup did not run would otherwise keep them for good).
 */
export default function setup(project: TestProject) {
  // Inherited by the test workers, where uniqueName() puts it in front of every prefix.
  const runId = randomBytes(2).toString('hex');
  process.env.TEST_RUN_ID = runId;
  // The key the gateway signs caller assertions with and the services verify (inherited likewise).
  process.env.CALLER_ASSERTION_KEY ??= randomBytes(32).toString('base64url');
  const out = execFileSync('bash', [resolve(root, 'infra/dev-infra.sh'), 'up'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const env: Record<string, string> = {};
  for (const line of out.split('\n')) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (m?.[1] && m[2] !== undefined) env[m[1]] = m[2];
  }
  for (const key of ['NATS_URL', 'DATABASE_URL', 'MONGO_URL', 'REDIS_URL', 'SMTP_URL', 'MAILBOX_URL']) {
    if (!env[key]) throw new Error(`infra/dev-infra.sh up did not print ${key}`);
  }
  project.provide('infra' as never, env as unknown as InfraEnv as never);
  return async () => {
    const nc = await connect({ servers: env.NATS_URL?.split(','), name: 'test-teardown' });
    try {
      await pruneTestStreams(nc, runId);
    } finally {
      await nc.close();
    }
  };
}
