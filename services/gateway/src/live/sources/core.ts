import type { LiveEventKind } from '@console/contracts';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { type LiveEntry, type RawEvent, toEntry } from '../entry.ts';
import { ephemeralEpoch, type Source, type SourceHandlers } from './source.ts';

/**
 * A plain NATS subscription (WiFi link pings and commands, host heartbeats): these subjects are
 * not kept in JetStream, so offsets count from 1 within an epoch that lives as long as the topic.
 * A browser coming back after the topic ended gets `reload`; while it lives, the ring resumes it.
 */
export class CoreSource implements Source {
  readonly epoch = ephemeralEpoch();
  private sub: Subscription | null = null;
  private offset = 0;

  private readonly nc: NatsConnection;
  private readonly subject: string;
  private readonly convert: (raw: RawEvent) => LiveEntry;

  /** `kind`, or how to read each message (hub messages carry their meta). */
  constructor(nc: NatsConnection, subject: string, kind: LiveEventKind | ((raw: RawEvent) => LiveEntry)) {
    this.nc = nc;
    this.subject = subject;
    this.convert = typeof kind === 'function' ? kind : (raw) => toEntry(raw, kind);
  }

  async start(h: SourceHandlers) {
    this.sub = this.nc.subscribe(this.subject, {
      callback: (err, m) => {
        if (err) return h.fail('The live feed stopped; reload to see the latest.');
        this.offset += 1;
        const raw = {
          epoch: this.epoch,
          offset: this.offset,
          subject: m.subject,
          at: Date.now(),
          data: m.data,
        };
        h.entry(this.convert(raw));
      },
    });
    return { history: [], liveFrom: 1 };
  }

  async stop() {
    this.sub?.unsubscribe();
    this.sub = null;
  }
}
