import {
  CLIENT_PLATFORMS_LIVE,
  type ClientPlatform,
  type ClientPresence,
  type UserPresence,
} from '@console/contracts';
import { RedisStore } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    userPresence: UserPresenceStore;
  }
}

/** A presence message as the connection workers send it, or null when it says nothing usable. */
function readPresence(raw: string): ClientPresence | null {
  let p: Partial<ClientPresence>;
  try {
    p = JSON.parse(raw) as Partial<ClientPresence>;
  } catch {
    return null;
  }
  const usable =
    typeof p?.clientId === 'string' &&
    typeof p.userId === 'string' &&
    p.userId !== '' &&
    typeof p.connected === 'boolean' &&
    CLIENT_PLATFORMS_LIVE.includes(p.platform as ClientPlatform);
  return usable ? ({ ...p, at: typeof p.at === 'number' ? p.at : Date.now() } as ClientPresence) : null;
}

/**
 * Which customers have a client connected (seed 001 §2, user detail: connected state), from the
 * connection workers' `client.<platform>.<clientId>.presence`: one Redis hash per user (client id →
 * platform and time), living the TTL from its last connected announcement. Every instance hears
 * every announcement and writes the same thing, so any instance answers.
 */
export class UserPresenceStore extends RedisStore {
  async observe(p: ClientPresence): Promise<void> {
    const key = this.key(p.userId);
    if (!p.connected) {
      await this.redis.hdel(key, p.clientId);
      return;
    }
    await this.redis
      .multi()
      .hset(key, p.clientId, JSON.stringify({ platform: p.platform, at: p.at }))
      .pexpire(key, this.ttlSeconds * 1000)
      .exec();
  }

  /** Each user's clients that said they were connected within the TTL. */
  async of(userIds: string[], now = Date.now()): Promise<UserPresence[]> {
    const pipeline = this.redis.pipeline();
    for (const id of userIds) pipeline.hgetall(this.key(id));
    const answers = (await pipeline.exec()) ?? [];
    return userIds.map((userId, i) => {
      const held = (answers[i]?.[1] ?? {}) as Record<string, string>;
      const clients = Object.entries(held)
        .map(([clientId, raw]) => ({ clientId, ...(JSON.parse(raw) as { platform: string; at: number }) }))
        .filter((c) => now - c.at < this.ttlSeconds * 1000)
        .sort((a, b) => b.at - a.at);
      return { userId, connected: clients.length > 0, clients };
    });
  }
}

export const userPresencePlugin = fp(
  async (app: FastifyInstance, opts: { prefix: string; ttlSeconds: number }) => {
    app.decorate(
      'userPresence',
      new UserPresenceStore(app.redis, opts.prefix, 'userpresence', opts.ttlSeconds),
    );
    const keep = async (raw: string) => {
      const p = readPresence(raw);
      if (p) await app.userPresence.observe(p);
    };
    const sub = app.nats.subscribe(app.subjects.clientPresenceAny(), {
      callback: (err, msg) =>
        err
          ? app.log.error({ err }, 'client presence subscription failed')
          : void keep(msg.string()).catch((e) => app.log.warn({ err: e }, 'client presence not kept')),
    });
    app.addHook('onClose', async () => sub.unsubscribe());
  },
  { name: 'user-presence', dependencies: ['redis', 'nats'] },
);
