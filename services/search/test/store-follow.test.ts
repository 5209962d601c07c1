import type { Suggestion, UserDoc } from '@console/contracts';
import { streamNames, subjects } from '@console/contracts';
import { natsAuth } from '@console/kit';
import { startApp } from '@console/kit/testing';
import { growWorld, readMeta, type StoreAnnouncement, storeAnnouncements } from '@console/world';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchApp } from '../src/app.ts';
import { SearchStoreFollower } from '../src/plugins/gen2/store-follow.ts';
import { data, type SearchHarness, startSearch } from './harness.ts';

/**
 * The Gen2 search index follows the stores' announcements (`STORE` stream) from a cursor kept
 * beside the index: what a growing world announces while search runs is searchable within
 * seconds, and what was announced while no search instance followed is taken up by the next one
 * that starts. Real search app, NATS JetStream, Postgres and the Mongo-compatible store.
 */
let h: SearchHarness;
let nc: NatsConnection;
let stream: string;

beforeAll(async () => {
  // The first instance does not follow the stores: the second test starts one that does.
  h = await startSearch({ env: { INDEX_FOLLOW_STORE: 'false' } });
  nc = await connect({ servers: h.config.NATS_URL.split(','), ...natsAuth() });
  // The STORE stream, as the stats service or the platform's start-up step creates it.
  stream = streamNames(h.config.NATS_PREFIX).store;
  await (await jetstreamManager(nc)).streams.add({
    name: stream,
    subjects: [subjects(h.config.NATS_PREFIX).storeAny()],
  });
}, 300_000);

afterAll(async () => {
  await (await jetstreamManager(nc)).streams.delete(stream).catch(() => undefined);
  await nc?.drain();
  await h?.close();
});

const until = async (check: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
};

/**
 * Grows the stored world to `minutes` after its now (the growth resumes where it stopped); answers
 * the new users with a structure and the announcements, not sent.
 */
async function grow(minutes: number) {
  const meta = await readMeta(h.pool);
  if (!meta?.now) throw new Error('no world loaded');
  const held: StoreAnnouncement[] = [];
  const r = await growWorld({
    pool: h.pool,
    db: h.db,
    rates: { customer: 4 * 1440, link: 0, device: 0, command: 0, note: 0 },
    now: meta.now + minutes * 60_000,
    onInserted: async (key, docs) => {
      held.push(...storeAnnouncements(h.config.NATS_PREFIX, key, docs));
    },
  });
  expect(r.ticks).toBeGreaterThan(0);
  const grown = await h.db
    .collection<UserDoc>('users')
    .find({ email: { $in: r.added.customer }, 'rootGroupIds.0': { $exists: true } })
    .toArray();
  expect(grown.length).toBeGreaterThan(0);
  return { grown, held };
}

const announce = async (held: StoreAnnouncement[]) => {
  const js = jetstream(nc);
  for (const m of held) await js.publish(m.subject, m.body, { msgID: m.msgID });
};

const suggested = async (u: UserDoc) =>
  data<Suggestion[]>(
    await h.call('search.supportPlusAutocomplete', {
      caller: h.staff(['support']),
      params: { text: u.email },
    }),
  ).some((x) => x.value === u.email);

/** Suggested, and every structure of theirs in the index. */
const indexed = async (u: UserDoc) =>
  (await suggested(u)) &&
  (
    await h.pool.query('select 1 from search_g2_structures where root_group_id = any($1::text[])', [
      u.rootGroupIds,
    ])
  ).rowCount === u.rootGroupIds.length;

describe("the Gen2 search index follows the stores' announcements", () => {
  it('takes what was announced while no instance followed when one starts, and then what is announced while it runs, within seconds', async () => {
    // Announced while the only search instance does not follow the stores.
    const before = await grow(3);
    await announce(before.held);
    await new Promise((r) => setTimeout(r, 1000));
    for (const u of before.grown) expect(await suggested(u), u.email).toBe(false);

    // A second instance that follows starts: it reads the stream from its cursor (none yet: the start).
    let follower: FastifyInstance | null = await startApp(searchApp, {
      service: 'search',
      instance: `${h.config.NATS_PREFIX}-follower`,
      options: { config: { ...h.config, INDEX_FOLLOW_STORE: true } },
    });
    try {
      const t0 = Date.now();
      const caughtUp = await until(
        async () => (await Promise.all(before.grown.map(indexed))).every(Boolean),
        15_000,
      );
      expect(caughtUp).toBe(true);
      expect(Date.now() - t0).toBeLessThan(15_000);
      const info = await (await jetstreamManager(nc)).streams.info(stream);
      const cursor = new SearchStoreFollower({
        nc,
        pool: h.pool,
        refresher: follower.searchDomain.refresher,
        log: follower.log,
        stream,
      });
      expect(await until(async () => (await cursor.cursor()) === info.state.last_seq, 5000)).toBe(true);

      // Announced while it follows.
      const live = await grow(6);
      for (const u of live.grown) expect(await suggested(u), u.email).toBe(false);
      await announce(live.held);
      const t1 = Date.now();
      expect(
        await until(async () => (await Promise.all(live.grown.map(indexed))).every(Boolean), 15_000),
      ).toBe(true);
      expect(Date.now() - t1).toBeLessThan(15_000);
    } finally {
      await follower?.close();
      follower = null;
    }
  });
});
