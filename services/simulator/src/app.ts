import { mongoPlugin, natsOptions, natsPlugin, requireStreams } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordsFromStore, type SimulatorConfig } from './config.ts';
import { registerControl } from './endpoints/control.ts';
import { growthPlugin } from './plugins/growth.ts';
import { replayPlugin } from './plugins/replay.ts';
import { simulatorPlugin } from './plugins/simulator.ts';

export interface SimulatorAppOptions {
  config: SimulatorConfig;
  /** The connection worker id the hubs announce in their presence: the instance id. */
  workerId: string;
}

/**
 * The simulator as a plugin: NATS and the JetStream streams (so the hubs' first messages are
 * kept even when the simulator starts before the gateway), the world's store when the hubs answer
 * from it or the world grows, then the fleet (which starts connecting), then its control plane.
 */
export const simulatorApp = fp(
  async (app: FastifyInstance, { config, workerId }: SimulatorAppOptions) => {
    await app.register(natsPlugin, natsOptions(config, `simulator ${workerId}`));
    await requireStreams(app.nats, config.NATS_PREFIX, { replicas: config.NATS_STREAM_REPLICAS });
    // The world keeps growing in the stores (one grower: shard 0).
    const growing = config.SIM_GROWTH === 'on' && config.SIM_SHARD.startsWith('0/');
    // The world's store: the hubs' own records, and where the growth writes.
    if (recordsFromStore(config) || growing) await app.register(mongoPlugin, { url: config.MONGO_URL });
    await app.register(simulatorPlugin, { config, workerId });
    await app.register(replayPlugin, { url: config.NATS_URL });
    if (growing) await app.register(growthPlugin, { config });
    await registerControl(app);
  },
  { name: 'simulator-app', dependencies: ['health', 'metrics'] },
);
