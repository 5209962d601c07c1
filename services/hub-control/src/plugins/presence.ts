import { type HubPresence, HubPresenceSchema } from '@console/contracts';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    presence: PresenceCache;
  }
}

const check = TypeCompiler.Compile(HubPresenceSchema);

/**
 * Which hubs are connected, from `hub.*.presence`: kept in memory and in Redis (with a TTL), so an
 * instance that started after a hub connected, or missed an event, agrees with the others.
 * A presence older than the TTL is no presence: an unknown hub is treated as offline.
 */
export class PresenceCache {
  private readonly memory = new Map<number, { p: HubPresence; writtenAt: number }>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  private key(hubId: number) {
    return `${this.prefix}:presence:${hubId}`;
  }

  /** Takes one presence event; older news than what is known is ignored. */
  async observe(p: HubPresence): Promise<void> {
    const known = this.memory.get(p.hubId);
    if (known && known.p.at > p.at) return;
    const now = Date.now();
    const changed =
      !known ||
      known.p.connected !== p.connected ||
      known.p.workerId !== p.workerId ||
      known.p.since !== p.since;
    const due = !known || now - known.writtenAt > this.ttlMs / 3;
    this.memory.set(p.hubId, { p, writtenAt: changed || due ? now : known.writtenAt });
    if (changed || due) await this.redis.set(this.key(p.hubId), JSON.stringify(p), 'PX', this.ttlMs);
  }

  async get(hubId: number): Promise<HubPresence | null> {
    const known = this.memory.get(hubId);
    if (known && Date.now() - known.p.at < this.ttlMs) return known.p;
    const raw = await this.redis.get(this.key(hubId));
    if (!raw) return null;
    const p = JSON.parse(raw) as HubPresence;
    if (!known || known.p.at < p.at) this.memory.set(hubId, { p, writtenAt: Date.now() });
    return Date.now() - p.at < this.ttlMs ? p : null;
  }
}

export const presencePlugin = fp(
  async (app: FastifyInstance, opts: { prefix: string; ttlSeconds: number }) => {
    const cache = new PresenceCache(app.redis, opts.prefix, opts.ttlSeconds * 1000);
    app.decorate('presence', cache);
    const sub = app.nats.subscribe(app.subjects.hubPresenceAny(), {
      callback: (err, msg) => {
        if (err) return app.log.error({ err }, 'presence subscription failed');
        let p: unknown;
        try {
          p = JSON.parse(msg.string());
        } catch {
          p = null;
        }
        if (!check.Check(p)) {
          app.hubMetrics.malformed.labels('presence').inc();
          app.log.warn({ subject: msg.subject }, 'unreadable presence message');
          return;
        }
        cache
          .observe(p)
          .catch((e) => app.log.warn({ err: e, hubId: p.hubId }, 'presence not stored in Redis'));
      },
    });
    app.addHook('preClose', async () => sub.unsubscribe());
  },
  { name: 'presence', dependencies: ['nats', 'redis', 'hub-metrics'] },
);
