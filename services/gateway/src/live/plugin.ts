import { allows, LIVE_TOPIC_ACCESS, streamNames } from '@console/contracts';
import { ensureStreams } from '@console/kit';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { GatewayConfig } from '../config.ts';
import { LiveFanout } from './fanout.ts';
import { liveMetrics } from './metrics.ts';
import { sourceFor } from './sources/for-topic.ts';
import { kindOf } from './topics.ts';

export const NOT_YOUR_TOPIC = 'Your roles do not include this live topic.';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveFanout;
  }
}

/**
 * The live fan-out behind `/ws`: makes sure the JetStream streams exist, then shares one source
 * per topic among all sockets. Sockets of ended sessions are closed on the next session check.
 */
export const livePlugin = fp(
  async (app: FastifyInstance, opts: { config: GatewayConfig }) => {
    const { config } = opts;
    await ensureStreams(app.nats, config.NATS_PREFIX);
    const hubStream = {
      js: jetstream(app.nats),
      jsm: await jetstreamManager(app.nats),
      stream: streamNames(config.NATS_PREFIX).hubMsgs,
    };
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
        }),
      {
        tickMs: config.LIVE_TICK_MS,
        backfill: config.LIVE_BACKFILL,
        ringSize: config.LIVE_RING_SIZE,
        lingerMs: config.LIVE_TOPIC_LINGER_MS,
        maxTopicsPerSocket: config.LIVE_MAX_TOPICS_PER_SOCKET,
        maxBufferedBytes: config.LIVE_SLOW_CONSUMER_BYTES,
      },
      metrics,
      app.log.child({ part: 'live' }),
    );
    const live = fanout;
    app.decorate('live', live);

    const sessionCheck = setInterval(async () => {
      for (const conn of live.connections) {
        const record = await app.sessions.use(conn.caller.sessionId).catch(() => undefined);
        if (record === null) conn.close(4401, 'Your session has ended; please sign in again.');
        if (!record) continue;
        // Roles changed by an admin apply to open subscriptions too.
        conn.caller = { ...conn.caller, roles: record.roles };
        for (const name of [...conn.watchers.keys()]) {
          const kind = kindOf(name);
          if (kind && allows(LIVE_TOPIC_ACCESS[kind], record.roles)) continue;
          live.unsubscribe(conn, name);
          conn.send({ type: 'error', topic: name, statusCode: 403, message: NOT_YOUR_TOPIC });
        }
      }
    }, config.LIVE_SESSION_CHECK_MS);
    sessionCheck.unref();

    // Before NATS drains (registered after it, so closed before it).
    app.addHook('onClose', async () => {
      clearInterval(sessionCheck);
      await live.close();
    });
  },
  { name: 'live', dependencies: ['nats', 'session', 'metrics'] },
);
