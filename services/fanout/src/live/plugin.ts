import { streamNames } from '@console/contracts';
import { natsAuth, requireStreams } from '@console/kit';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FanoutConfig } from '../config.ts';
import { FleetEngine, fleetMetrics } from '../fleet/engine.ts';
import { LiveFanout } from './fanout.ts';
import { liveMetrics } from './metrics.ts';
import { watchSessionEnds } from './session-ends.ts';
import { sourceFor } from './sources/for-topic.ts';

export { NOT_YOUR_TOPIC } from './session-ends.ts';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveFanout;
    fleet: FleetEngine;
  }
}

/**
 * The live fan-out behind `/ws`: checks that the JetStream streams exist, then shares one source
 * per topic among all sockets. Sockets of ended sessions are closed as the session ends (`session-ends.ts`).
 */
export const livePlugin = fp(
  async (app: FastifyInstance, opts: { config: FanoutConfig }) => {
    const { config } = opts;
    await requireStreams(app.nats, config.NATS_PREFIX, { replicas: config.NATS_STREAM_REPLICAS });
    const hubStream = {
      nc: app.nats,
      liveSubject: app.subjects.hubLive,
      js: jetstream(app.nats),
      jsm: await jetstreamManager(app.nats),
      stream: streamNames(config.NATS_PREFIX).hubMsgs,
    };
    // The fleet lens reads every hub message: on a connection of its own, so a lens that falls
    // behind never delays the PONGs (broker liveness) or the live panels' messages on this one.
    const fleetNc = await connect({
      ...natsAuth(),
      servers: config.NATS_URL.split(','),
      name: `fanout-fleet-${app.subjects.prefix}`,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      waitOnFirstConnect: true,
      noAsyncTraces: true,
    });
    const fleet = new FleetEngine({
      access: {
        ...hubStream,
        nc: fleetNc,
        js: jetstream(fleetNc),
        jsm: await jetstreamManager(fleetNc),
      },
      subjects: app.subjects,
      opts: {
        maxCost: config.FLEET_MAX_COST,
        evalBudget: config.FLEET_EVAL_BUDGET,
        samplesPerSecond: config.FLEET_SAMPLES_PER_SECOND,
        maxQueries: config.FLEET_MAX_QUERIES,
      },
      log: app.log.child({ part: 'fleet' }),
    });
    app.decorate('fleet', fleet);
    fleetMetrics(app.metrics.registry, fleet);
    let fanout: LiveFanout | null = null;
    const metrics = liveMetrics(app.metrics.registry, () =>
      fanout ? fanout.stats() : { sockets: 0, topics: 0, watchers: 0, subscriptions: 0 },
    );
    fanout = new LiveFanout(
      (spec) =>
        sourceFor(spec, {
          nc: app.nats,
          subjects: app.subjects,
          hubStream,
          history: config.LIVE_RING_SIZE,
          replayMax: config.LIVE_REPLAY_MAX,
          presenceTtlMs: config.LIVE_PRESENCE_TTL_S * 1000,
          fleet,
        }),
      {
        tickMs: config.LIVE_TICK_MS,
        backfill: config.LIVE_BACKFILL,
        ringSize: config.LIVE_RING_SIZE,
        ringBytes: config.LIVE_RING_BYTES,
        lingerMs: config.LIVE_TOPIC_LINGER_MS,
        maxTopicsPerSocket: config.LIVE_MAX_TOPICS_PER_SOCKET,
        maxTopicsPerUser: config.LIVE_MAX_TOPICS_PER_USER,
        maxSocketsPerUser: config.LIVE_MAX_SOCKETS_PER_USER,
        maxStreamTopics: config.LIVE_MAX_STREAM_TOPICS,
        maxBufferedBytes: config.LIVE_SLOW_CONSUMER_BYTES,
        inboundPerSecond: config.LIVE_INBOUND_PER_SECOND,
        inboundBurst: config.LIVE_INBOUND_BURST,
      },
      metrics,
      app.log.child({ part: 'live' }),
    );
    const live = fanout;
    app.decorate('live', live);

    await watchSessionEnds(app, live, config.LIVE_SESSION_CHECK_MS);
    // A lost link or a stalled broker (the kit's liveness): no panel shows a quiet stream as live.
    app.broker.onChange((state) => (state === 'up' ? live.brokerBack() : live.brokerLost()));

    // Before NATS drains (registered after it, so closed before it).
    app.addHook('onClose', async () => {
      await live.close();
      await fleetNc.drain().catch(() => undefined);
    });
  },
  { name: 'live', dependencies: ['nats', 'session', 'metrics'] },
);
