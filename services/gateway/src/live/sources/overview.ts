import type { OverviewCounts, Subjects } from '@console/contracts';
import type { JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { toEntry } from '../entry.ts';
import { ephemeralEpoch, type Source, type SourceHandlers } from './source.ts';

const encoder = new TextEncoder();
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

/**
 * The live overview: one wildcard subscription on every hub's messages and one on every hub's
 * presence, shared by all overview watchers, summed into one counts event a second. Connected hubs
 * start from the last presence of every hub kept in JetStream.
 */
export class OverviewSource implements Source {
  readonly epoch = ephemeralEpoch();
  private subs: Subscription[] = [];
  private timer: NodeJS.Timeout | null = null;
  private offset = 0;
  private readonly online = new Set<string>();
  private byClass = new Map<string, number>();

  private readonly nc: NatsConnection;
  private readonly subjects: Subjects;
  private readonly history: { jsm: JetStreamManager; stream: string } | null;

  constructor(
    nc: NatsConnection,
    subjects: Subjects,
    history: { jsm: JetStreamManager; stream: string } | null,
  ) {
    this.nc = nc;
    this.subjects = subjects;
    this.history = history;
  }

  async start(h: SourceHandlers) {
    const hubOf = (subject: string) => subject.split('.').at(this.subjects.prefix ? 2 : 1) ?? '';
    const clsOf = (subject: string) => subject.split('.').at(-2) ?? '';
    const heardLive = new Set<string>();
    const presence = (subject: string, data: Uint8Array, live: boolean) => {
      const hub = hubOf(subject);
      // A stored presence is older than anything heard live since the subscription began.
      if (live) heardLive.add(hub);
      else if (heardLive.has(hub)) return;
      const online = presenceOnline(data);
      if (online === true) this.online.add(hub);
      if (online === false) this.online.delete(hub);
    };
    this.subs.push(
      this.nc.subscribe(this.subjects.hubMsgAny(), {
        callback: (_err, m) => {
          const cls = clsOf(m.subject);
          this.byClass.set(cls, (this.byClass.get(cls) ?? 0) + 1);
        },
      }),
      this.nc.subscribe(this.subjects.hubPresenceAny(), {
        callback: (_err, m) => presence(m.subject, m.data, true),
      }),
    );
    if (this.history) {
      // Best effort: without it, connected hubs fill in as presence arrives.
      const { jsm, stream } = this.history;
      try {
        const last = await jsm.direct.getLastMessagesFor(stream, {
          multi_last: [this.subjects.hubPresenceAny()],
        });
        for await (const m of last) presence(m.subject, m.data, false);
      } catch {
        // no stored presence yet, or more hubs than one direct read returns
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

  private tick() {
    const byClass = Object.fromEntries(this.byClass);
    const counts: OverviewCounts = {
      connectedHubs: this.online.size,
      messagesPerSecond: [...this.byClass.values()].reduce((a, b) => a + b, 0),
      byClass,
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
