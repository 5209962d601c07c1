import {
  CHANNEL_LIST,
  type ChannelPage,
  type ChannelRefresh,
  type HubPresence,
  hubIdHex,
} from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PresenceCache } from './presence.ts';

declare module 'fastify' {
  interface FastifyInstance {
    channels: ChannelList;
  }
}

/** A refresh that finished this recently answers a poll instead of starting another one. */
const REFRESH_FRESH_MS = 2 * CHANNEL_LIST.retryMs;

/**
 * One page of the live channels: sorted by hubId, the `size` after `after` (a hubId; 0 = from the
 * start). A marker that is a hubId, not a position, keeps paging exact while hubs come and go:
 * a hub joining or leaving between two pages never shifts the others into a repeat or a gap.
 */
export function pageOf(live: readonly HubPresence[], after: number, size: number): ChannelPage {
  const rest = live.filter((p) => p.hubId > after).sort((a, b) => a.hubId - b.hubId);
  const page = rest.slice(0, size);
  const last = page.at(-1);
  return {
    channels: page.map((p) => ({
      handlerId: `link2.${p.hubId}.${p.hubId}`,
      hubId: p.hubId,
      hubIdHex: hubIdHex(p.hubId),
      workerId: p.workerId,
      connectedSince: p.since,
      lastSeen: p.at,
    })),
    total: live.length,
    continueFrom: rest.length > size && last ? String(last.hubId) : null,
  };
}

/**
 * The live channel list of this instance, from its presence cache. It is complete only once every
 * connected hub has re-announced itself since the instance started (one presence refresh) and
 * while no rebuild from Redis is running; until then `pending` says why, and the client retries.
 */
export class ChannelList {
  private readonly startedAt = Date.now();
  private running: Promise<ChannelRefresh> | null = null;
  private last: ChannelRefresh | null = null;

  private readonly presence: PresenceCache;
  private readonly warmupMs: number;
  private readonly log: FastifyInstance['log'];
  constructor(presence: PresenceCache, warmupMs: number, log: FastifyInstance['log']) {
    this.presence = presence;
    this.warmupMs = warmupMs;
    this.log = log;
  }

  pending(): string | null {
    if (this.running) return 'The live channel list is being rebuilt; try again in 5 seconds.';
    const left = this.startedAt + this.warmupMs - Date.now();
    if (left > 0)
      return `This server started less than ${Math.round(this.warmupMs / 1000)} s ago and not every connected link has announced itself yet; try again in 5 seconds.`;
    return null;
  }

  page(after: number, size: number): ChannelPage {
    return pageOf(this.presence.live(), after, size);
  }

  /**
   * Rebuilds from Redis: answers the fresh total if the rebuild ends within `waitMs`, else null
   * (still running). A poll while one runs, or just after one ended, does not start another.
   */
  async refresh(waitMs: number): Promise<ChannelRefresh | null> {
    let run = this.running;
    if (!run) {
      if (this.last && Date.now() - this.last.refreshedAt < REFRESH_FRESH_MS) return this.last;
      const started = this.presence.reload().then(() => {
        this.last = { total: this.presence.live().length, refreshedAt: Date.now() };
        return this.last;
      });
      this.running = run = started;
      started
        .catch((err) => this.log.warn({ err }, 'channel list not rebuilt from Redis'))
        .finally(() => {
          if (this.running === started) this.running = null;
        });
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    try {
      return await Promise.race([run, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

export const channelsPlugin = fp(
  async (app: FastifyInstance, opts: { warmupSeconds: number }) => {
    app.decorate('channels', new ChannelList(app.presence, opts.warmupSeconds * 1000, app.log));
  },
  { name: 'channels', dependencies: ['presence'] },
);
