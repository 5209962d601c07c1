import { randomBytes } from 'node:crypto';
import { natsAuth, pruneTestStreams } from '@console/kit';
import { connect } from '@nats-io/transport-node';
import type { TestProject } from 'vitest/node';
import { startContainerStores } from './containers.ts';
import { devInfraUp } from './dev-infra.ts';

/**
 * Makes sure the real infrastructure is up (infra/dev-infra.sh starts what is missing; on a machine
 * with a container engine, tests/support/containers.ts swaps in real MongoDB 7, PostgreSQL and Redis)
 * and hands its URLs to the tests. Tests isolate themselves: their own database names, key and subject prefixes.
 * The teardown deletes the JetStream streams the run's prefixes left on the shared NATS server
 * (a file whose own cleanup did not run would otherwise keep them for good).
 */
export default async function setup(project: TestProject) {
  // Inherited by the test workers, where uniqueName() puts it in front of every prefix.
  const runId = randomBytes(2).toString('hex');
  process.env.TEST_RUN_ID = runId;
  const env = devInfraUp({ showProgress: true });
  // Real MongoDB, PostgreSQL and Redis in containers where an engine runs (tests/support/containers.ts).
  const containers = await startContainerStores();
  if (containers) {
    Object.assign(env, containers.env);
    console.log('stores: MongoDB 7, PostgreSQL 16 and Redis 7 in containers (testcontainers)');
  }
  project.provide('infra' as never, env as never);
  return async () => {
    await containers?.stop();
    const nc = await connect({ servers: env.NATS_URL.split(','), name: 'test-teardown', ...natsAuth() });
    try {
      await pruneTestStreams(nc, runId);
    } finally {
      await nc.close();
    }
  };
}
