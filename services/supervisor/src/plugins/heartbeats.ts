import { HostHeartbeatSchema } from '@console/contracts';
import { FormatRegistry } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HostStore } from './host.store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    hosts: HostStore;
  }
}

// Heartbeats carry ISO dates; the store compares them, so a beat whose dates do not parse is refused.
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => !Number.isNaN(Date.parse(v)));
const check = TypeCompiler.Compile(HostHeartbeatSchema);

/**
 * Consumes `host.*.heartbeat` in the queue group `supervisor` (each heartbeat is kept once however
 * many instances run) into the host store, and prunes the history hourly.
 */
export const heartbeatsPlugin = fp(
  async (app: FastifyInstance, opts: { historyHours: number }) => {
    const store = new HostStore(app.pg);
    app.decorate('hosts', store);
    let refused = 0;
    const sub = app.nats.subscribe(app.subjects.hostHeartbeatAny(), {
      queue: 'supervisor',
      callback: (err, msg) => {
        if (err) return app.log.error({ err }, 'heartbeat subscription failed');
        let beat: unknown;
        try {
          beat = msg.json();
        } catch {
          beat = null;
        }
        if (!check.Check(beat)) {
          // Logged now and then, not per message: a broken host would flood the log.
          if (refused++ % 100 === 0) app.log.warn({ subject: msg.subject, refused }, 'heartbeat refused');
          return;
        }
        store.record(beat).catch((e) => app.log.error({ err: e, host: beat._id }, 'heartbeat not kept'));
      },
    });
    await app.nats.flush();
    const prune = () =>
      store
        .prune(opts.historyHours)
        .then((n) => n && app.log.info({ pruned: n }, 'heartbeat history pruned'))
        .catch((err) => app.log.warn({ err }, 'heartbeat prune failed'));
    const timer = setInterval(prune, 3_600_000);
    timer.unref();
    app.addHook('preClose', async () => {
      clearInterval(timer);
      sub.unsubscribe();
    });
  },
  { name: 'heartbeats', dependencies: ['nats', 'postgres'] },
);
