import {
  GROWN_EVENT_KINDS,
  grownDocId,
  STORE_EVENT_COLLECTIONS,
  type StoreEventKind,
  storeEventMessages,
  streamNames,
  subjects,
} from '@console/contracts';
import { natsAuth, streamInfoOrNull } from '@console/kit';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type { Document } from 'mongodb';
import type { OnInserted } from './mongo/insert.ts';

const ANNOUNCED = new Set<string>([...STORE_EVENT_COLLECTIONS, ...GROWN_EVENT_KINDS]);

/** One `STORE` announcement, ready to publish (`msgID` for the stream's de-duplication). */
export interface StoreAnnouncement {
  subject: string;
  body: string;
  msgID: string;
}

/**
 * The announcements of `docs` inserted into the collection of `key` under `prefix`: messages of
 * many records each; none for a collection nothing follows. Of the transactions only the growth's
 * (a loaded world's are counted by the statistics' backfill).
 */
export function storeAnnouncements(
  prefix: string,
  key: string,
  docs: readonly Document[],
): StoreAnnouncement[] {
  if (!ANNOUNCED.has(key)) return [];
  const subject = subjects(prefix).storeInserted(key);
  const chosen = key === 'transactions' ? docs.filter((d) => grownDocId(String(d._id))) : docs;
  return storeEventMessages(key as StoreEventKind, chosen).map((m) => ({ subject, ...m }));
}

export interface StoreAnnouncer {
  /** Hand to the loader (`LoadOptions.onInserted`): announces each inserted chunk it is told of. */
  onInserted: OnInserted;
  /** Messages published so far. */
  readonly published: number;
  close(): Promise<void>;
}

/**
 * Announces what the loader inserts into the collections the statistics and the read models count,
 * on the `STORE` stream (contracts/src/store-events.ts), as the simulator's growth does: each
 * inserted chunk in messages of many records (under the broker's payload), each with a message id
 * for the stream's de-duplication. Answers null, with the reason, when no `STORE` stream exists
 * under `prefix` (nothing follows the stores yet: a service started later reads the loaded world
 * whole in its first build or backfill). A failed publish fails the batch (a load run again
 * announces it again; the followers count an id once).
 */
export async function storeAnnouncer(o: {
  natsUrl: string;
  prefix: string;
  env?: NodeJS.ProcessEnv;
}): Promise<{ announcer: StoreAnnouncer | null; why: string }> {
  const nc = await connect({
    servers: o.natsUrl.split(','),
    name: 'world-loader',
    ...natsAuth(o.env ?? process.env),
  });
  const stream = streamNames(o.prefix).store;
  const info = await streamInfoOrNull(nc, stream).catch(async (err) => {
    await nc.close();
    throw err;
  });
  if (!info) {
    await nc.close();
    return { announcer: null, why: `no ${stream} stream: the loaded records are not announced` };
  }
  const js = jetstream(nc);
  let published = 0;
  const announcer: StoreAnnouncer = {
    onInserted: async (key, docs) => {
      for (const m of storeAnnouncements(o.prefix, key, docs)) {
        await js.publish(m.subject, m.body, { msgID: m.msgID });
        published++;
      }
    },
    get published() {
      return published;
    },
    close: () => nc.drain(),
  };
  return { announcer, why: `announced on ${stream}` };
}
