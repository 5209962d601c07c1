import { isIP } from 'node:net';
import { ApiError, COLLECTIONS, type HubMessage, RAW_TEXT, streamNames } from '@console/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    rawServerOps: RawServerOps;
  }
}

const payloadOf = (m: HubMessage) => (m.items[0]?.payload ?? {}) as Record<string, unknown>;
const text = (p: Record<string, unknown>, k: string) =>
  typeof p[k] === 'string' ? (p[k] as string).trim() : '';

/** One host banned from the raw channel: who banned it, when, and until when (null: until lifted). */
export interface RawBan {
  host: string;
  by: string;
  at: number;
  until: number | null;
}

/**
 * The admin channel's server templates beyond channels and firmware add (seed 002 §2 /sockets-admin):
 * FM Release, FM Running State, List All Channels, Stream Objects Active, Cache State, Stats and
 * Ban Host, each answered from the state hub-control holds (presence, the hub stream, Redis, the
 * firmware fragments), never from made-up figures.
 */
export class RawServerOps {
  private readonly app: FastifyInstance;
  private readonly bansKey: string;
  private readonly instance: string;
  private readonly startedAt = Date.now();

  constructor(app: FastifyInstance, opts: { prefix: string; instance: string }) {
    this.app = app;
    this.bansKey = `${opts.prefix}:raw-bans`;
    this.instance = opts.instance;
  }

  /** FM Release: the stored fragments of a product code and version become one release, if complete. */
  async firmwareRelease(m: HubMessage, by: string) {
    const p = payloadOf(m);
    const productCode = text(p, 'productCode');
    const version = text(p, 'version');
    if (!productCode || !/^[0-9]+\.[0-9]+\.[0-9]+$/.test(version))
      throw new ApiError(400, RAW_TEXT.releaseNeeds);
    const fragments = await this.app.mongo
      .collection('firmwarefragments')
      .find({ productCode, version }, { projection: { fragmentIndex: 1, fragmentCount: 1, data: 1 } })
      .sort({ createdDate: 1 })
      .toArray();
    if (fragments.length === 0) throw new ApiError(409, RAW_TEXT.releaseMissing([], null));
    const count = Math.max(...fragments.map((f) => Number(f.fragmentCount) || 1));
    const byIndex = new Map<number, string>();
    for (const f of fragments) byIndex.set(Number(f.fragmentIndex) || 0, String(f.data));
    const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !byIndex.has(i));
    if (missing.length) throw new ApiError(409, RAW_TEXT.releaseMissing(missing, count));
    const bytes = [...byIndex.values()].reduce((n, d) => n + d.length, 0);
    const releaseId = `${productCode}-${version}`;
    await this.app.mongo.collection(COLLECTIONS.firmwareReleases).updateOne(
      { releaseId },
      {
        $set: {
          releaseId,
          releaseName: `${productCode} ${version}`,
          productCode,
          version,
          updatedDate: new Date(),
          versionPaths: [],
          categories: ['internal'],
          notForGeneralRelease: true,
          fragments: count,
          bytes,
          releasedBy: by,
        },
      },
      { upsert: true },
    );
    return { released: true, releaseId, productCode, version, fragments: count, bytes };
  }

  /** FM Running State: the firmware versions the connected hubs run, from the fleet's records. */
  async firmwareRunningState() {
    const live = this.app.presence.live();
    const ids = live.map((p) => p.hubId);
    const hubs = await this.app.mongo
      .collection(COLLECTIONS.hubs)
      .find({ hubId: { $in: ids } }, { projection: { hubId: 1, firmwareVersion: 1 } })
      .toArray();
    const counts = new Map<string, number>();
    for (const h of hubs) {
      const v = String(h.firmwareVersion ?? 'unknown');
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const versions = [...counts]
      .map(([version, connected]) => ({ version, connected }))
      .sort((a, b) => b.connected - a.connected || a.version.localeCompare(b.version));
    return { connected: live.length, unrecorded: live.length - hubs.length, versions };
  }

  /** List All Channels: every connected hub by the connection worker holding it. */
  channelsListAll() {
    const live = this.app.presence.live();
    const workers = new Map<string, number[]>();
    for (const p of live) workers.set(p.workerId, [...(workers.get(p.workerId) ?? []), p.hubId]);
    return {
      total: live.length,
      workers: [...workers]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([workerId, hubIds]) => ({
          workerId,
          count: hubIds.length,
          handlerIds: hubIds.sort((a, b) => a - b).map((id) => `link2.${id}.${id}`),
        })),
    };
  }

  /** Stream Objects Active: the JetStream streams behind live panels and the audit trail, as the broker reports them. */
  async streamObjectsActive() {
    const jsm = await jetstreamManager(this.app.nats);
    const names = streamNames(this.app.subjects.prefix);
    const streams = await Promise.all(
      Object.entries(names).map(async ([role, name]) => {
        const info = await jsm.streams.info(name).catch(() => null);
        if (!info) return { role, name, present: false };
        return {
          role,
          name,
          present: true,
          messages: info.state.messages,
          bytes: info.state.bytes,
          firstSeq: info.state.first_seq,
          lastSeq: info.state.last_seq,
          consumers: info.state.consumer_count,
          subjects: info.state.num_subjects ?? null,
          replicas: info.config.num_replicas,
        };
      }),
    );
    return { streams };
  }

  /** Cache State: what this instance holds in memory and what the shared caches in Redis hold. */
  async cacheState() {
    const live = this.app.presence.live();
    const prefix = this.bansKey.slice(0, -':raw-bans'.length);
    const [presenceKeys, inflight, bans] = await Promise.all([
      this.countKeys(`${prefix}:presence:*`),
      this.app.redis.hlen(`${prefix}:inflight`),
      this.app.redis.hlen(this.bansKey),
    ]);
    return {
      instance: this.instance,
      presence: { connectedInMemory: live.length, inRedis: presenceKeys },
      channelList: { warmingUp: this.app.channels.pending() !== null },
      inflightActions: inflight,
      bannedHosts: bans,
    };
  }

  /** Stats: this instance's uptime, memory, and the hub actions it ran by final state. */
  async stats() {
    const metric = await this.app.hubMetrics.actions.get();
    const byState: Record<string, number> = {};
    for (const v of metric.values) {
      const state = String(v.labels.state);
      byState[state] = (byState[state] ?? 0) + v.value;
    }
    const mem = process.memoryUsage();
    return {
      instance: this.instance,
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      rssMb: Math.round(mem.rss / 1048576),
      heapUsedMb: Math.round(mem.heapUsed / 1048576),
      connectedHubs: this.app.presence.live().length,
      hubActions: byState,
    };
  }

  /**
   * Ban Host: `{host}` bans an address from the raw channel (optionally for `minutes`), `{host,
   * unban: true}` lifts it, `{}` lists the bans. Every change leaves the raw channel's audit event.
   */
  async banHost(m: HubMessage, by: string) {
    const p = payloadOf(m);
    const host = text(p, 'host');
    if (!host && !p.unban) return { bans: await this.bans() };
    if (!isIP(host)) throw new ApiError(400, RAW_TEXT.banNeedsHost);
    if (p.unban === true) {
      const lifted = (await this.app.redis.hdel(this.bansKey, host)) === 1;
      return { host, banned: false, lifted, bans: await this.bans() };
    }
    const minutes = Number(p.minutes);
    const ban: RawBan = {
      host,
      by,
      at: Date.now(),
      until: Number.isFinite(minutes) && minutes > 0 ? Date.now() + minutes * 60_000 : null,
    };
    await this.app.redis.hset(this.bansKey, host, JSON.stringify(ban));
    return { host, banned: true, until: ban.until, bans: await this.bans() };
  }

  /** Whether `host` is banned now (an expired ban is dropped on the way). */
  async isBanned(host: string): Promise<boolean> {
    const raw = await this.app.redis.hget(this.bansKey, host);
    if (!raw) return false;
    const ban = JSON.parse(raw) as RawBan;
    if (ban.until !== null && ban.until <= Date.now()) {
      await this.app.redis.hdel(this.bansKey, host);
      return false;
    }
    return true;
  }

  private async bans(): Promise<RawBan[]> {
    const all = await this.app.redis.hgetall(this.bansKey);
    return Object.values(all)
      .map((v) => JSON.parse(v) as RawBan)
      .sort((a, b) => a.host.localeCompare(b.host));
  }

  private async countKeys(pattern: string): Promise<number> {
    let n = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.app.redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      n += keys.length;
      cursor = next;
    } while (cursor !== '0');
    return n;
  }
}

export const rawServerOpsPlugin = fp(
  async (app: FastifyInstance, opts: { prefix: string; instance: string }) => {
    app.decorate('rawServerOps', new RawServerOps(app, opts));
  },
  { name: 'raw-server-ops', dependencies: ['presence', 'channels', 'hub-metrics', 'mongo'] },
);
