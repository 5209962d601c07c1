import { type HubPresence, HubPresenceSchema } from '@console/contracts';
import { RedisStore } from '@console/kit';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    presence: PresenceCache;
  }
}

const check = TypeCompiler.Compile(HubPresenceSchema);

/** `*`, `?`, `[`, `]` and `\` match literally in a SCAN pattern only when escaped. */
const globEscape = (s: string) => s.replace(/[*?[\]\\]/g, '\\$&');

/**
 * Which hubs are connected, from `hub.*.presence`: kept in memory and in Redis (with a TTL), so an
 * instance that started after a hub connected, or missed an event, agrees with the others.
 * A presence older than the TTL is no presence: an unknown hub is treated as offline.
 */
export class PresenceCache extends RedisStore {
  private readonly memory = new Map<number, { p: HubPresence; writtenAt: number }>();

  private get ttlMs() {
    return this.ttlSeconds * 1000;
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

  /**
   * The connected hubs whose presence is younger than the TTL. Expired entries are forgotten on
   * the way (`get` still finds them in Redis while they last), so memory follows the live fleet.
   */
  live(now = Date.now()): HubPresence[] {
    const out: HubPresence[] = [];
    for (const [hubId, { p }] of this.memory) {
      if (now - p.at >= this.ttlMs) this.memory.delete(hubId);
      else if (p.connected) out.push(p);
    }
    return out;
  }

  /**
   * Reads every presence key in Redis into memory, a SCAN batch at a time (never KEYS: it blocks
   * Redis for the whole keyspace); the newer of memory and Redis wins. Nothing is written back, so
   * a stale key's TTL is not extended.
   */
  async reload(): Promise<number> {
    const match = `${globEscape(this.space)}:*`;
    let cursor = '0';
    let read = 0;
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
      cursor = next;
      if (keys.length === 0) continue;
      for (const raw of await this.redis.mget(...keys)) {
        const p = raw ? parse(raw) : null;
        if (!p) continue;
        read++;
        const known = this.memory.get(p.hubId);
        if (!known || known.p.at < p.at) this.memory.set(p.hubId, { p, writtenAt: p.at });
      }
    } while (cursor !== '0');
    return read;
  }
}

function parse(raw: string): HubPresence | null {
  try {
    const p: unknown = JSON.parse(raw);
    return check.Check(p) ? p : null;
  } catch {
    return null;
  }
}

export const presencePlugin = fp(
  async (app: FastifyInstance, opts: { prefix: string; ttlSeconds: number }) => {
    const cache = new PresenceCache(app.redis, opts.prefix, 'presence', opts.ttlSeconds);
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
