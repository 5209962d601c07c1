import { type FeatureHistory, streamNames, subjects } from '@console/contracts';
import { DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamMessage } from '../src/plugins/rollup-consumer.ts';
import { data, failure, type StatsHarness, startStats, until } from './harness.ts';

let h: StatsHarness;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const OPS = [
  ['feature', 'write'],
  ['device', 'read'],
  ['automation', 'run'],
  ['log', 'entry'],
] as const;

beforeAll(async () => {
  // Small batches so that a stop lands between two of them.
  h = await startStats({ env: { BACKFILL: 'off', ROLLUP_BATCH: '10', ROLLUP_FLUSH_MS: '20' } });
});
afterAll(async () => {
  await h?.close();
});

/** Messages published so far: the stream's last sequence once it has stored them all. */
let published = 0;

/**
 * Publishes `n` hub messages of several kinds (some with failed items) and a few presences, as the
 * hubs do (core NATS), and waits until the stream has stored them: a flush only says the server has
 * read them, and under load JetStream stores them a moment later (hundreds of messages behind).
 */
async function publish(n: number, from: number): Promise<number> {
  const s = subjects(h.prefix);
  for (let i = from; i < from + n; i++) {
    const hubId = 1000 + (i % 7);
    const [cls, op] = OPS[i % OPS.length] as readonly [string, string];
    const direction = i % 3 === 0 ? 'response' : i % 3 === 1 ? 'request' : 'notification';
    const items = [
      {
        itemId: 0,
        payload: { source: 'hub', group: i % 2 ? 'homeKit' : 'system', level: 'info' },
        success: i % 5 !== 0,
      },
    ];
    h.nc.publish(
      s.hubMsg(hubId, direction, cls, op),
      encoder.encode(JSON.stringify({ class: cls, operation: op, items })),
    );
    published++;
    if (i % 50 === 0) {
      h.nc.publish(
        s.hubPresence(hubId),
        encoder.encode(JSON.stringify({ hubId, connected: true, workerId: `w${i % 3}`, reason: 'start' })),
      );
      published++;
    }
  }
  await h.nc.flush();
  await until(async () => (await streamLast()) === published, 10_000, `the stream to store ${published}`);
  return published;
}

async function streamLast(): Promise<number> {
  const jsm = await jetstreamManager(h.nc);
  return (await jsm.streams.info(streamNames(h.prefix).hubMsgs)).state.last_seq;
}

async function cursor(): Promise<number> {
  const r = await h.pool.query('select last_seq from stats_cursor');
  return Number(r.rows[0]?.last_seq ?? 0);
}

/** Every message of the stream, read back independently of the service. */
async function readStream(): Promise<StreamMessage[]> {
  const last = await streamLast();
  const c = await jetstream(h.nc).consumers.get(streamNames(h.prefix).hubMsgs, {
    deliver_policy: DeliverPolicy.StartSequence,
    opt_start_seq: 1,
  });
  const out: StreamMessage[] = [];
  const msgs = await c.consume();
  for await (const m of msgs) {
    out.push({ seq: m.seq, subject: m.subject, data: m.data, at: Math.round(m.info.timestampNanos / 1e6) });
    if (m.seq >= last) break;
  }
  await msgs.close();
  await c.delete();
  return out;
}

/** The recount: per metric, period, hour/day and series, straight from the raw messages. */
function recount(messages: StreamMessage[]): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (metric: string, series: string, at: number) => {
    for (const [p, ms] of [
      ['h', 3_600_000],
      ['d', 86_400_000],
    ] as const) {
      const key = `${metric}|${p}|${Math.floor(at / ms) * ms}|${series}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  };
  for (const m of messages) {
    const parts = m.subject.split('.');
    const body = JSON.parse(decoder.decode(m.data));
    if (parts[3] === 'presence') {
      add('workers', body.workerId, m.at);
      add('global', 'connections', m.at);
      continue;
    }
    const [, , , , direction, cls, op] = parts;
    add('global', 'socketLogs', m.at);
    if (direction === 'request') {
      add('commands', `${cls}.${op}`, m.at);
      add('global', 'commands', m.at);
    }
    for (const item of body.items) {
      if (item.success === false) add('protocolErrors', `${cls}.${op}`, m.at);
      if (cls === 'log')
        add('logs', `${item.payload.source}|${item.payload.group}|${item.payload.level}`, m.at);
    }
    if (cls === 'automation' && direction !== 'response') add('automations', op as string, m.at);
  }
  return counts;
}

async function rollups(): Promise<Map<string, number>> {
  const r = await h.pool.query<{
    metric: string;
    period: string;
    bucket: Date;
    series: string;
    count: string;
  }>(
    `select metric, period, bucket, series, count from stats_rollup where source = 'live' and metric <> 'automations.unique'`,
  );
  return new Map(
    r.rows.map((x) => [`${x.metric}|${x.period}|${x.bucket.getTime()}|${x.series}`, Number(x.count)]),
  );
}

describe('the rollup consumer', () => {
  it('after a restart mid-stream, equals a recount from the raw messages', async () => {
    const first = await publish(1500, 0);
    await h.start();
    await until(async () => (await cursor()) > 100, 10_000, 'first batches');
    await h.stop();
    const stoppedAt = await cursor();
    expect(stoppedAt).toBeGreaterThan(0);
    expect(stoppedAt).toBeLessThan(first);

    await publish(1000, 1500);
    await h.start();
    const last = await publish(500, 2500);
    await until(async () => (await cursor()) === last, 15_000, `the consumer to count up to ${last}`);

    const messages = await readStream();
    expect(messages).toHaveLength(last);
    expect(Object.fromEntries(await rollups())).toEqual(Object.fromEntries(recount(messages)));
  });

  it('never counts a redelivered message twice', async () => {
    const before = await rollups();
    const again = (await readStream()).slice(0, 400);
    const counted = await h.app?.rollupConsumer.apply(again);
    expect(counted).toBe(0);
    expect(await rollups()).toEqual(before);
  });

  it('counts each structure running an automation once per bucket', async () => {
    const r = await h.pool.query(
      `select max(count)::int as n from stats_rollup where metric = 'automations.unique' and period = 'd'`,
    );
    // 7 hubs publish automation messages.
    expect(r.rows[0].n).toBe(7);
  });

  it('records each feature value the stream carries once, newest first, with Load More', async () => {
    const s = subjects(h.prefix);
    const featureId = 'hist-1-1000+1';
    const send = (
      direction: 'notification' | 'response' | 'request',
      operation: string,
      value: number,
      success = true,
      source = 'device',
    ) => {
      h.nc.publish(
        s.hubMsg(1000, direction, 'feature', operation),
        encoder.encode(
          JSON.stringify({
            class: 'feature',
            operation,
            items: [{ itemId: 0, success, payload: { featureId, value, source } }],
          }),
        ),
      );
      published++;
    };
    send('notification', 'event', 1);
    send('response', 'write', 0);
    send('response', 'read', 0);
    send('notification', 'event', 1, true, 'automation');
    send('response', 'write', 7, false); // a failed write changed nothing
    send('request', 'write', 9); // a request is not a value the feature took
    await h.nc.flush();
    await until(
      async () => (await streamLast()) === published,
      10_000,
      'the stream to store the feature messages',
    );
    await until(async () => (await cursor()) === published, 15_000, 'the consumer to count them');

    const support = h.staff(['support']);
    const page1 = data<FeatureHistory>(
      await h.call('stats.featureHistory', { caller: support, body: { featureId, limit: 3 } }),
    );
    expect(page1.points.map((p) => [p.value, p.metadata.source])).toEqual([
      [1, 'automation'],
      [0, 'read'],
      [0, 'write'],
    ]);
    expect(page1.more).toBe(true);
    const page2 = data<FeatureHistory>(
      await h.call('stats.featureHistory', {
        caller: support,
        body: {
          featureId,
          limit: 3,
          before: page1.points.at(-1)?.timestamp,
          beforeSeq: page1.points.at(-1)?.seq,
        },
      }),
    );
    expect(page2.points.map((p) => p.value)).toEqual([1]);
    expect(page2.more).toBe(false);

    // A redelivered batch records nothing twice; a role without Support Plus is refused.
    await h.app?.rollupConsumer.apply(await readStream());
    const rows = await h.pool.query('select count(*)::int as n from feature_history where feature_id = $1', [
      featureId,
    ]);
    expect(rows.rows[0].n).toBe(4);
    const refused = await h.call('stats.featureHistory', {
      caller: h.staff(['datauser']),
      body: { featureId },
    });
    expect(failure(refused).statusCode).toBe(403);
    // A moment that matches the pattern but is no date is a 400 that names it, not a failed query.
    const bad = await h.call('stats.featureHistory', {
      caller: support,
      body: { featureId, start_time: '2026-13-40T10:00Z' },
    });
    expect(failure(bad)).toMatchObject({ statusCode: 400, message: 'Not a date: 2026-13-40T10:00Z' });
  });

  it('stops cleanly when stopped while still taking the lead, and the next instance leads', async () => {
    await h.stop();
    // Stopped at once, or a moment later: while the consumer is still taking the lock, reading the
    // stream's state or opening its stream consumer.
    for (let i = 0; i < 6; i++) {
      const app = await h.start();
      await new Promise((r) => setTimeout(r, i * 5));
      await h.stop();
      expect(app.rollupConsumer).toBeDefined();
    }
    const jsm = await jetstreamManager(h.nc);
    const info = await jsm.streams.info(streamNames(h.prefix).hubMsgs);
    expect(info.state.consumer_count).toBe(0);

    await h.start();
    const last = await publish(20, 3000);
    await until(async () => (await cursor()) === last, 10_000, `the next leader to count up to ${last}`);
  });
});
