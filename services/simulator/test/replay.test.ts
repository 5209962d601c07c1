import { type HubMessage, REPLAY_CONTROL, type RecordingLine, subjects } from '@console/contracts';
import { ReplayRefused, startReplay } from '@console/kit';
import { useSuite } from '@console/kit/testing';
import { headers } from '@nats-io/nats-core';
import { describe, expect, it } from 'vitest';
import { errorFigures, spacingErrors, syntheticRecording } from '../src/plugins/replay-fixture.ts';
import { startSimulator } from './harness.ts';

const sim = useSuite(() => startSimulator({ SIM_HUBS: '2' }));

const key = (m: HubMessage) => `${m.transactionId}:${m.direction}`;

/** Replays `lines` and collects every message of the new hub with its arrival time. */
async function replayAndWatch(lines: RecordingLine[], speed: 1 | 10) {
  const s = subjects(sim.prefix);
  const got: { m: HubMessage & { hubId: number }; at: number }[] = [];
  let done: () => void = () => undefined;
  const all = new Promise<void>((r) => {
    done = r;
  });
  const sub = sim.nc.subscribe(`${sim.prefix}.hub.*.msg.>`, {
    callback: (_e, msg) => {
      const at = performance.now();
      const m = JSON.parse(msg.string()) as HubMessage & { hubId: number };
      // Only replayed hubs (the fleet's own are far below these ids).
      if (m.hubId < 9_000_000_000) return;
      got.push({ m, at });
      if (got.length >= lines.length) done();
    },
  });
  await sim.nc.flush();
  const started = await startReplay(sim.nc, s, lines, { speed, sourceHubId: 4242 });
  await all;
  sub.unsubscribe();
  return { started, got };
}

describe('replay of a recording as a new hub', () => {
  it('plays 2,000 messages over 20 s at 1× in the recorded order and spacing', async () => {
    const lines = syntheticRecording(2000, 20);
    const { started, got } = await replayAndWatch(lines, 1);
    expect(started.messages).toBe(2000);
    expect(started.hubId).toBeGreaterThan(9_000_000_000);
    expect(got.every((g) => g.m.hubId === started.hubId)).toBe(true);
    // Order: exact.
    expect(got.map((g) => key(g.m))).toEqual(lines.map((l) => key(l.message)));
    // The hub's own id in the recording became the new one.
    expect(got[0]?.m.senderId).toBe(String(started.hubId));
    const errors = spacingErrors(
      lines.map((l) => l.offsetMs),
      got.map((g) => g.at),
    );
    const f = errorFigures(errors);
    console.log(
      `replay 1x 2000 msgs/20 s, spacing error ms: p50 ${f.p50.toFixed(2)} p99 ${f.p99.toFixed(2)} max ${f.max.toFixed(2)}`,
    );
    // Loose enough for a busy 2-core machine shared with other runs (measured: p50 ≈ 1 ms, p99 ≈ 70 ms
    // while other suites ran; p50 5.6 ms, p99 119–260+ ms with two other agents' installs and
    // benchmarks running); the benchmark measures it beside a bare timer loop. What this catches:
    // a replay that ignores the spacing (p50 in the tens of ms) or stalls for seconds.
    expect(f.p50).toBeLessThan(10);
    expect(f.p99).toBeLessThan(1000);
  }, 60_000);

  it('keeps its timing while the simulator main thread is busy (the clock is a thread of its own)', async () => {
    // The simulator runs in this process: this test blocks its main thread 100 ms out of every
    // 125 ms while 1,000 messages play over 5 s. A schedule on the main thread would send most of
    // them late (up to 100 ms, half of them by more than ~35 ms); the clock thread does not wait.
    const lines = syntheticRecording(1000, 5, 11);
    const s = subjects(sim.prefix);
    const sentAt: number[] = [];
    const order: string[] = [];
    const sub = sim.nc.subscribe(`${sim.prefix}.hub.*.msg.>`, {
      callback: (_e, msg) => {
        const m = JSON.parse(msg.string()) as HubMessage & { hubId: number; at: number };
        if (m.hubId < 9_000_000_000) return;
        sentAt.push(m.at);
        order.push(key(m));
      },
    });
    await sim.nc.flush();
    const started = await startReplay(sim.nc, s, lines, { speed: 1 });
    const until = performance.now() + started.durationMs + 50;
    while (performance.now() < until) {
      const busy = performance.now() + 100;
      while (performance.now() < busy) {
        // the main thread is held
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    for (let i = 0; i < 100 && sentAt.length < lines.length; i++) await new Promise((r) => setTimeout(r, 50));
    sub.unsubscribe();
    expect(order).toEqual(lines.map((l) => key(l.message)));
    // `at` is the send time (Date.now(), 1 ms steps) against the recorded spacing.
    const f = errorFigures(
      spacingErrors(
        lines.map((l) => l.offsetMs),
        sentAt,
      ),
    );
    console.log(
      `replay with a busy main thread, send-time error ms: p50 ${f.p50.toFixed(2)} p99 ${f.p99.toFixed(2)} max ${f.max.toFixed(2)}`,
    );
    expect(f.p50).toBeLessThan(10);
  }, 60_000);

  it('plays ten times faster at 10×', async () => {
    const lines = syntheticRecording(300, 5, 3);
    const t0 = performance.now();
    const { started, got } = await replayAndWatch(lines, 10);
    expect(started.durationMs).toBe(Math.round((lines.at(-1) as RecordingLine).offsetMs / 10));
    expect(got.map((g) => key(g.m))).toEqual(lines.map((l) => key(l.message)));
    const spanMs = (got.at(-1)?.at ?? 0) - (got[0]?.at ?? 0);
    expect(spanMs).toBeGreaterThan(started.durationMs - 50);
    expect(performance.now() - t0).toBeLessThan(5000);
  }, 30_000);

  it('answers commands from the recorded replies, else with an error item', async () => {
    const lines = syntheticRecording(120, 1, 5);
    const { started } = await replayAndWatch(lines, 10);
    const s = subjects(sim.prefix);
    const ask = async (cls: string, operation: string, payload: Record<string, unknown>) => {
      const req = {
        version: '1.0',
        transactionId: 77,
        senderId: 'test',
        direction: 'request',
        class: cls,
        operation,
        items: [{ itemId: 3, payload }],
      };
      const m = await sim.nc.request(s.hubCmd(started.hubId), JSON.stringify(req), { timeout: 2000 });
      return JSON.parse(m.string()) as HubMessage;
    };
    // feat-1's read was recorded at message 61: the same payload gets that reply.
    const same = await ask('feature', 'read', { featureId: 'feat-1' });
    expect(same).toMatchObject({ transactionId: 77, direction: 'response', senderId: String(started.hubId) });
    expect(same.items[0]).toMatchObject({
      itemId: 3,
      success: true,
      payload: { featureId: 'feat-1', value: 61 },
    });
    // Another payload of a recorded class.operation: a reply of that operation.
    const other = await ask('feature', 'read', { featureId: 'nope' });
    expect(other.items[0]?.success).toBe(true);
    // Never recorded: an error item.
    const none = await ask('system', 'read', {});
    expect(none.items[0]).toMatchObject({ success: false, error: { code: 404 } });
  }, 30_000);

  it('ends the replays of a clock thread that died and plays the next ones on a new thread', async () => {
    const s = subjects(sim.prefix);
    const presence = sim.record(s.hubPresenceAny());
    const messages = sim.record(`${sim.prefix}.hub.*.msg.>`);
    const long = await startReplay(sim.nc, s, syntheticRecording(600, 30), { speed: 1 });
    const ofLong = (m: { subject: string }) => m.subject.startsWith(`${sim.prefix}.hub.${long.hubId}.`);
    await messages.waitFor(ofLong, 5000);
    // The thread dies mid-replay, as it would on an uncaught error.
    for (const app of sim.apps) await app.replays.clock.crashForTest();
    const ended = await presence.waitFor((m) => {
      const p = m.json<{ hubId: number; connected: boolean; reason: string }>();
      return p.hubId === long.hubId && !p.connected;
    }, 5000);
    expect(ended.json()).toMatchObject({ reason: 'replay clock failed' });
    const sentBefore = messages.messages.filter(ofLong).length;
    expect(sentBefore).toBeLessThan(600);
    // A new replay plays in full on the new thread.
    const lines = syntheticRecording(50, 0.5);
    const { got } = await replayAndWatch(lines, 10);
    expect(got.map((g) => key(g.m))).toEqual(lines.map((l) => key(l.message)));
    // The lost one sent nothing more.
    expect(messages.messages.filter(ofLong).length).toBe(sentBefore);
  }, 30_000);

  it('refuses bad chunks and a second start', async () => {
    const s = subjects(sim.prefix);
    const open = await sim.nc.request(s.hubCmd(REPLAY_CONTROL.hubToken), JSON.stringify({ speed: 3 }));
    expect(JSON.parse(open.string())).toMatchObject({ ok: false });
    const lines = syntheticRecording(3, 0.01);
    const started = await startReplay(sim.nc, s, lines, { speed: 10 });
    const h = headers();
    h.set(REPLAY_CONTROL.header, 'chunk');
    const again = await sim.nc.request(s.hubCmd(started.hubId), JSON.stringify({ lines }), {
      headers: h,
      timeout: 2000,
    });
    expect(JSON.parse(again.string())).toMatchObject({ ok: false, error: 'the replay has started' });
    await expect(
      startReplay(sim.nc, s, [{ offsetMs: -1 } as unknown as RecordingLine], { speed: 1 }),
    ).rejects.toBeInstanceOf(ReplayRefused);
  });
});
