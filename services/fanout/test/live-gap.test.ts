/**
 * The live source on real NATS with JetStream: a re-published message that never reaches the
 * fan-out is read back from the stream before anything later is passed on.
 *
 * Stand-in: between the stream's re-publication and the source sits a relay in this test that
 * forwards every message but the ones it is told to lose (a dropped core NATS message cannot be
 * caused on demand otherwise).
 */
import { streamNames } from '@console/contracts';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { describe, expect, it } from 'vitest';
import { hubEntry, type LiveEntry } from '../src/live/entry.ts';
import { HISTORY_MOVED_ON, JetStreamSource } from '../src/live/sources/jetstream.ts';
import { useStreams } from './live-helpers.ts';

const t = useStreams('gap');
const s = t.s;
const prefix = t.prefix;

const until = async (check: () => boolean, what: string) => {
  for (let end = Date.now() + 10_000; !check(); ) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

async function watch(hubId: string, lose: (n: number) => boolean) {
  // The relay: live.hub.… → relay.hub.…, headers kept, losing the messages `lose` picks.
  let n = 0;
  const relayed = (subject: string) => subject.replace(`${prefix}.live.`, `${prefix}.relay.`);
  const relay = t.nc.subscribe(s.hubLive(s.hubMsgAll(hubId)), {
    callback: (_err, m) => {
      n += 1;
      if (!lose(n)) t.nc.publish(relayed(m.subject), m.data, { headers: m.headers });
    },
  });
  await t.nc.flush();
  const source = new JetStreamSource(
    {
      nc: t.nc,
      js: jetstream(t.nc),
      jsm: await jetstreamManager(t.nc),
      stream: streamNames(prefix).hubMsgs,
      liveSubject: (f) => relayed(s.hubLive(f)),
    },
    [s.hubMsgAll(hubId)],
    (raw) => hubEntry(raw, prefix),
    { history: 10, replayMax: 1000 },
  );
  const got: LiveEntry[] = [];
  let failed = '';
  await source.start({ entry: (e) => got.push(e), fail: (why) => (failed = why) });
  const stop = async () => {
    await source.stop();
    relay.unsubscribe();
  };
  return { got, failed: () => failed, stop };
}

const say = (hubId: string, op: string, n: number) =>
  t.nc.publish(s.hubMsg(hubId, 'notification', 'device', op), JSON.stringify({ n }));
const ns = (got: LiveEntry[]) => got.map((e) => (JSON.parse(e.json) as { data: { n: number } }).data.n);

describe('the live source', () => {
  it('passes on every stored message in order, reading back the ones that never came live', async () => {
    // Two subjects taking turns; the 3rd and 4th are lost, the 5th (3rd's subject) notices.
    const w = await watch('7', (n) => n === 3 || n === 4);
    for (let i = 1; i <= 12; i++) say('7', i % 2 ? 'status' : 'event', i);
    await until(() => w.got.length === 12, 'all twelve');
    expect(ns(w.got)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const offsets = w.got.map((e) => e.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(new Set(offsets).size).toBe(12);
    expect(w.failed()).toBe('');
    await w.stop();
  });

  it('tells its watchers to reload when a lost message is noticed after a later one went out', async () => {
    // The 9th is lost; the 10th (the other subject) goes out; the 11th names the 9th.
    const w = await watch('9', (n) => n === 9);
    for (let i = 1; i <= 11; i++) say('9', i % 2 ? 'status' : 'event', i);
    await until(() => w.failed() !== '', 'the source to give up');
    expect(w.failed()).toBe(HISTORY_MOVED_ON);
    expect(ns(w.got)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10]);
    await w.stop();
  });

  it('holds no consumer on the stream while it listens', async () => {
    const w = await watch('8', () => false);
    say('8', 'status', 1);
    await until(() => w.got.length === 1, 'one message');
    const jsm = await jetstreamManager(t.nc);
    expect((await jsm.streams.info(streamNames(prefix).hubMsgs)).state.consumer_count).toBe(0);
    await w.stop();
  });
});
