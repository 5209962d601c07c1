import {
  CLIENT_PLATFORMS_LIVE,
  type ClientPlatform,
  type ClientPresence,
  type OverviewCounts,
  type Subjects,
} from '@console/contracts';
import { DeliverPolicy, type JetStreamClient, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { toEntry } from '../entry.ts';
import { HubRates, subjectToken } from './hub-rates.ts';
import { ephemeralEpoch, type Source, type SourceHandlers } from './source.ts';

const encoder = new TextEncoder();
/** The busiest hubs the overview names, counted over this many seconds in a table of this many hubs. */
export const BUSIEST_HUBS = 10;
export const BUSIEST_WINDOW_S = 10;
export const BUSIEST_TABLE = 256;
const decoder = new TextDecoder();

/**
 * How a presence payload says online or offline. The simulator's presence is read tolerantly:
 * `online` or `connected` booleans, or a `status`/`state` word; anything else says nothing.
 */
export function presenceOnline(data: Uint8Array): boolean | null {
  let body: unknown;
  try {
    body = JSON.parse(decoder.decode(data));
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  for (const key of ['online', 'connected']) if (typeof b[key] === 'boolean') return b[key] as boolean;
  const word = typeof b.status === 'string' ? b.status : typeof b.state === 'string' ? b.state : '';
  if (['online', 'connected', 'up'].includes(word)) return true;
  if (['offline', 'disconnected', 'down'].includes(word)) return false;
  return null;
}

/** When a presence says it was sent (its `at`, ms), else null. */
function presenceAt(data: Uint8Array): number | null {
  try {
    const at = (JSON.parse(decoder.decode(data)) as { at?: unknown }).at;
    return typeof at === 'number' && Number.isFinite(at) ? at : null;
  } catch {
    return null;
  }
}

/**
 * The live overview: one wildcard subscription on every hub's messages and one on every hub's
 * presence, shared by all overview watchers, summed into one counts event a second. Connected hubs
 * start from the last presence of every hub kept in JetStream (read with a last-per-subject
 * consumer, however many hubs there are), and count as hub-control counts its channel list: a
 * hub is connected while its last presence says so and is at most `ttlMs` old, so the figure
 * agrees with the live list beside it. Customers' clients (app, web, voice agent) are counted the
 * same way from their presences, heard live (`client.*.*.presence`; the live users by platform).
 * The busiest hubs now (messages a second over the last `BUSIEST_WINDOW_S` seconds) come from the
 * same message subscription, counted in a table of fixed size (`HubRates`).
 */
export class OverviewSource implements Source {
  readonly epoch = ephemeralEpoch();
  private subs: Subscription[] = [];
  private timer: NodeJS.Timeout | null = null;
  private offset = 0;
  /** Connected hubs and when their last presence was sent. */
  private readonly online = new Map<string, number>();
  /** Connected customer clients: platform and when their last presence was sent. */
  private readonly clients = new Map<string, { platform: ClientPlatform; at: number }>();
  private byClass = new Map<string, number>();
  private readonly rates = new HubRates(BUSIEST_TABLE, BUSIEST_WINDOW_S);

  private readonly nc: NatsConnection;
  private readonly subjects: Subjects;
  private readonly history: { js?: JetStreamClient; jsm: JetStreamManager; stream: string } | null;
  private readonly ttlMs: number;

  constructor(
    nc: NatsConnection,
    subjects: Subjects,
    history: { js?: JetStreamClient; jsm: JetStreamManager; stream: string } | null,
    ttlMs = 90_000,
  ) {
    this.nc = nc;
    this.subjects = subjects;
    this.history = history;
    this.ttlMs = ttlMs;
  }

  async start(h: SourceHandlers) {
    const hubAt = this.subjects.prefix ? 2 : 1;
    const hubOf = (subject: string) => subjectToken(subject, hubAt);
    const clsOf = (subject: string) => subjectToken(subject, -2);
    const heardLive = new Set<string>();
    const presence = (subject: string, data: Uint8Array, live: boolean, sentAt: number) => {
      const hub = hubOf(subject);
      // A stored presence is older than anything heard live since the subscription began.
      if (live) heardLive.add(hub);
      else if (heardLive.has(hub)) return;
      const online = presenceOnline(data);
      if (online === true) this.online.set(hub, presenceAt(data) ?? sentAt);
      if (online === false) this.online.delete(hub);
    };
    this.subs.push(
      this.nc.subscribe(this.subjects.hubMsgAny(), {
        callback: (_err, m) => {
          const cls = clsOf(m.subject);
          this.byClass.set(cls, (this.byClass.get(cls) ?? 0) + 1);
          this.rates.add(hubOf(m.subject));
        },
      }),
      this.nc.subscribe(this.subjects.hubPresenceAny(), {
        callback: (_err, m) => presence(m.subject, m.data, true, Date.now()),
      }),
      this.nc.subscribe(this.subjects.clientPresenceAny(), {
        callback: (_err, m) => this.client(m.data),
      }),
    );
    if (this.history?.js) {
      // Best effort: without it, connected hubs fill in as presence arrives.
      const { js, stream } = this.history;
      const consumer = await js.consumers
        .get(stream, {
          filter_subjects: [this.subjects.hubPresenceAny()],
          deliver_policy: DeliverPolicy.LastPerSubject,
        })
        .catch(() => null);
      try {
        for (let more = consumer !== null; more; ) {
          const batch = await (consumer as NonNullable<typeof consumer>).fetch({
            max_messages: 1000,
            expires: 1000,
          });
          more = false;
          for await (const m of batch) {
            presence(m.subject, m.data, false, Math.round(m.info.timestampNanos / 1e6));
            more = m.info.pending > 0;
          }
        }
      } catch {
        // the stream is not there yet: presence fills in live
      } finally {
        await consumer?.delete().catch(() => false);
      }
    }
    this.timer = setInterval(() => h.entry(this.tick()), 1000);
    return { history: [], liveFrom: 1 };
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    for (const s of this.subs) s.unsubscribe();
    this.subs = [];
  }

  /** A client's presence: connected (with its platform) or gone; anything unreadable says nothing. */
  private client(data: Uint8Array) {
    let p: Partial<ClientPresence>;
    try {
      p = JSON.parse(decoder.decode(data)) as Partial<ClientPresence>;
    } catch {
      return;
    }
    if (typeof p?.clientId !== 'string' || !CLIENT_PLATFORMS_LIVE.includes(p.platform as ClientPlatform))
      return;
    const key = `${p.platform}:${p.clientId}`;
    if (p.connected === true)
      this.clients.set(key, {
        platform: p.platform as ClientPlatform,
        at: typeof p.at === 'number' ? p.at : Date.now(),
      });
    else if (p.connected === false) this.clients.delete(key);
  }

  private tick() {
    const byClass = Object.fromEntries(this.byClass);
    const now = Date.now();
    for (const [hub, at] of this.online) if (now - at > this.ttlMs) this.online.delete(hub);
    const liveUsers = { app: 0, web: 0, agent: 0 };
    for (const [key, c] of this.clients) {
      if (now - c.at > this.ttlMs) this.clients.delete(key);
      else liveUsers[c.platform] += 1;
    }
    const counts: OverviewCounts = {
      connectedHubs: this.online.size,
      messagesPerSecond: [...this.byClass.values()].reduce((a, b) => a + b, 0),
      byClass,
      liveUsers,
      busiestHubs: this.rates
        .tick(BUSIEST_HUBS)
        .filter((r) => /^\d+$/.test(r.hubId))
        .map((r) => ({ hubId: Number(r.hubId), messagesPerSecond: r.messagesPerSecond })),
    };
    this.byClass = new Map();
    this.offset += 1;
    const data = encoder.encode(JSON.stringify(counts));
    return toEntry(
      { epoch: this.epoch, offset: this.offset, subject: 'overview', at: Date.now(), data },
      'counts',
    );
  }
}
