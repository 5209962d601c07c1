import type { LiveEventKind } from '@console/contracts';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { type LiveEntry, type RawEvent, toEntry } from '../entry.ts';
import { ephemeralEpoch, type Source, type SourceHandlers } from './source.ts';

/**
 * A plain NATS subscription (WiFi link pings and commands, host heartbeats): these subjects are
 * not kept in JetStream, so offsets count from 1 within an epoch that lives as long as the topic.
 * A browser coming back after the topic ended gets `reload`; while it lives, the ring resumes it.
 */
/** `kind`, or how to read each message (hub messages carry their meta). */
export function coreSource(
  nc: NatsConnection,
  subject: string,
  kind: LiveEventKind | ((raw: RawEvent) => LiveEntry),
): Source {
  const convert = typeof kind === 'function' ? kind : (raw: RawEvent) => toEntry(raw, kind);
  const epoch = ephemeralEpoch();
  let sub: Subscription | null = null;
  let offset = 0;
  return {
    epoch,
    async start(h: SourceHandlers) {
      sub = nc.subscribe(subject, {
        callback: (err, m) => {
          if (err) return h.fail('The live feed stopped; reload to see the latest.');
          offset += 1;
          h.entry(convert({ epoch, offset, subject: m.subject, at: Date.now(), data: m.data }));
        },
      });
      return { history: [], liveFrom: 1 };
    },
    async stop() {
      sub?.unsubscribe();
      sub = null;
    },
  };
}
