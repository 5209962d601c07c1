/**
 * The start-up step that administers the console's JetStream streams: creates or updates every
 * stream of `NATS_PREFIX` (kit `ensureStreams`), then exits. It connects as the broker's `streams`
 * user, the only one allowed to (infra/helm/console/broker-users.json); components only check that
 * their streams exist. infra/run-services.ts runs it before the services, the Helm chart as a Job.
 *
 *   NATS_URL=… NATS_PREFIX=… NATS_USER=streams NATS_PASSWORD_FILE=… node services/kit/src/prepare-streams.ts
 */
import { connect } from '@nats-io/transport-node';
import { CommonConfigSchema, readConfig } from './config.ts';
import { natsAuth } from './plugins/nats.ts';
import { ensureStreams } from './streams.ts';

const config = readConfig(CommonConfigSchema);
const nc = await connect({ servers: config.NATS_URL.split(','), name: 'prepare-streams', ...natsAuth() });
try {
  const s = await ensureStreams(nc, config.NATS_PREFIX, { replicas: config.NATS_STREAM_REPLICAS });
  const line = Object.values(s).map((i) => `${i.config.name} (${i.state.messages} messages)`);
  console.log(`streams ready: ${line.join(', ')}`);
} finally {
  await nc.close();
}
