import type { LiveEventKind } from '@console/contracts';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { toEntry } from '../entry.ts';
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
  private readonly kind: LiveEventKind;

  constructor(nc: NatsConnection, subject: string, kind: LiveEventKind) {
    this.nc = nc;
    this.subject = subject;
    this.kind = kind;
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
        h.entry(toEntry(raw, this.kind));
      },
    });
    return { history: [], liveFrom: 1 };
  }

  async stop() {
    this.sub?.unsubscribe();
    this.sub = null;
  }
}
