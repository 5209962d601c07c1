import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { InfraEnv } from '@console/kit/testing';
import type { TestProject } from 'vitest/node';

const root = resolve(import.meta.dirname, '../..');

/**
 * Makes sure the real infrastructure is up (infra/dev-infra.sh starts what is missing) and hands
 * its URLs to the tests. Tests isolate themselves: their own database names, key and subject prefixes.
 */
export default function setup(project: TestProject) {
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
}
