/**
 * Replay timing: a recording of `messages` messages over `seconds` (uneven gaps, bursts and
 * pauses) replayed at 1× by the simulator (a process of its own) as a new hub, each message's
 * arrival at this process's subscriber against its recorded offset; beside the floor, the same
 * schedule run in this process by the same drift-corrected timer loop with no NATS at all (each
 * "send" only reads the clock). Prints the error distributions, and where the tail comes from: the
 * send time each message carries (`at`) against the recording, and publish → arrival; asserts
 * nothing.
 *
 *   node tests/bench/replay.ts [messages=50000] [seconds=600]
 *   SIM_NODE_FLAGS=--trace-gc node tests/bench/replay.ts 3000 30   (flags for the simulator process)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { subjects } from '@console/contracts';
import { ensureStreams, natsAuth, natsEnvFor, startReplay } from '@console/kit';
import { uniqueName } from '@console/kit/testing';
import { errorFigures, spacingErrors, syntheticRecording } from '@console/simulator/replay-fixture';
import { playSchedule } from '@console/simulator/replay-schedule';
import { connect } from '@nats-io/transport-node';
import { devInfraUp } from '../support/dev-infra.ts';
import { loadAverage, stopChild } from './bench-kit.ts';

const root = resolve(import.meta.dirname, '../..');
const MESSAGES = Number(process.argv[2] ?? 50_000);
const SECONDS = Number(process.argv[3] ?? 600);

// The dev infrastructure, the `tests` broker user for this process and where each component's password is.
const natsUrl = devInfraUp().NATS_URL;

const fmt = (f: ReturnType<typeof errorFigures>) =>
  `p50 ${f.p50.toFixed(2)} ms, p99 ${f.p99.toFixed(2)} ms, max ${f.max.toFixed(2)} ms` +
  ` (${f.count} messages)`;
const within = (errors: number[], ms: number) => errors.filter((e) => Math.abs(e) <= ms).length;
/** "49998 of 50000 (99.996 %), 2 outside": a share rounded to 100.00 % hid the two outside. */
const share = (n: number, of: number) =>
  `${n} of ${of} (${((100 * n) / of).toFixed(3)} %)${n < of ? `, ${of - n} outside` : ', every one'}`;

const lines = syntheticRecording(MESSAGES, SECONDS);
const offsets = lines.map((l) => l.offsetMs);
console.log(`recording: ${MESSAGES} messages over ${SECONDS} s (last offset ${offsets.at(-1)} ms)`);

// The floor: the same schedule, the same loop, no broker.
const floorArrivals: number[] = [];
await new Promise<void>((done) => {
  playSchedule(
    MESSAGES,
    (i) => offsets[i] as number,
    performance.now() + 20,
    () => floorArrivals.push(performance.now()),
    done,
  );
});
const floorErrors = spacingErrors(offsets, floorArrivals);

const prefix = uniqueName('bench');
const nc = await connect({ servers: natsUrl, name: 'bench-replay', ...natsAuth() });
// The start-up step's part: the simulator's own user may only check that its streams exist.
await ensureStreams(nc, prefix);
// Extra node flags for the simulator process, e.g. SIM_NODE_FLAGS=--trace-gc.
const simFlags = (process.env.SIM_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const child: ChildProcess = spawn(
  process.execPath,
  [...simFlags, resolve(root, 'services/simulator/src/server.ts')],
  {
    cwd: root,
    env: {
      ...process.env,
      // The simulator connects as its own broker user, with its production permissions.
      ...natsEnvFor('simulator'),
      NATS_URL: natsUrl,
      NATS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      SIM_HUBS: '0',
      SIM_WFLS: '0',
      SIM_HOSTS: '0',
      SIM_CLIENTS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  },
);
try {
  // Wait until the simulator takes replays.
  const s = subjects(prefix);
  // The subscriber does as little as it can per message (no JSON parse, no growing arrays), so its
  // own garbage collection and work stay out of the arrival times: it takes the clock first, then
  // reads the transaction id, the direction and the send time (`at`, epoch ms) from the text.
  const arrivals = new Float64Array(MESSAGES);
  const sentAt = new Float64Array(MESSAGES);
  const txIds = new Float64Array(MESSAGES);
  const directions: string[] = new Array(MESSAGES);
  let received = 0;
  let done: () => void = () => undefined;
  const all = new Promise<void>((r) => {
    done = r;
  });
  const field = (text: string, name: string) => {
    const at = text.indexOf(`"${name}":`) + name.length + 3;
    const end = text.slice(at, at + 40).search(/[,}]/);
    return text.slice(at, at + end);
  };
  nc.subscribe(`${prefix}.hub.*.msg.>`, {
    callback: (_e, m) => {
      const now = performance.now();
      if (received >= MESSAGES) return;
      const text = m.string();
      arrivals[received] = now;
      txIds[received] = Number(field(text, 'transactionId'));
      directions[received] = field(text, 'direction').slice(1, -1);
      sentAt[received] = Number(field(text, 'at'));
      if (++received === MESSAGES) done();
    },
  });
  await nc.flush();
  let started: Awaited<ReturnType<typeof startReplay>> | null = null;
  for (let i = 0; i < 60 && !started; i++) {
    started = await startReplay(nc, s, lines, { speed: 1, timeoutMs: 2000 }).catch(() => null);
    if (!started) await new Promise((r) => setTimeout(r, 1000));
  }
  if (!started) throw new Error('the simulator did not take the replay');
  console.log(`replaying as hub ${started.hubId}: ${started.messages} messages, ${started.durationMs} ms`);
  await all;
  const inOrder = lines.every(
    (l, i) => txIds[i] === l.message.transactionId && directions[i] === l.message.direction,
  );
  const errors = spacingErrors(offsets, [...arrivals]);
  console.log(`\norder: ${inOrder ? 'exact' : 'NOT in order'} (${received} of ${MESSAGES} received)`);
  console.log(`replay through NATS, spacing error: ${fmt(errorFigures(errors))}`);
  console.log(`  within ±10 ms: ${share(within(errors, 10), errors.length)}`);
  // Where the tail comes from (1 ms resolution: `at` is Date.now() at the publish): the send time's
  // own spacing error, and the time from the publish to this subscriber.
  const sendErrors = spacingErrors(offsets, [...sentAt]);
  const hop = [...arrivals].map((a, i) => performance.timeOrigin + a - (sentAt[i] as number));
  const worst = errors.map((e, i) => [Math.abs(e), i] as const).sort((a, b) => b[0] - a[0]);
  console.log(`  of which at the sender (±1 ms):   ${fmt(errorFigures(sendErrors))}`);
  console.log(`  publish → subscriber (±1 ms):      ${fmt(errorFigures(hop))}`);
  console.log(
    `  first message sent ${((sentAt[0] as number) - started.startsAt).toFixed(0)} ms after its due time (±1 ms)`,
  );
  console.log(
    `  worst 5: ${worst
      .slice(0, 5)
      .map(
        ([e, i]) =>
          `#${i} ${e.toFixed(1)} ms (sender ${sendErrors[i]?.toFixed(0)}, hop ${hop[i]?.toFixed(0)})`,
      )
      .join('; ')}`,
  );
  console.log(`floor, same loop without NATS:      ${fmt(errorFigures(floorErrors))}`);
  console.log(`  within ±10 ms: ${share(within(floorErrors, 10), floorErrors.length)}`);
  console.log(`machine: ${loadAverage().join(' ')} load average (1/5/15 min) on this 2-core box`);
} finally {
  await stopChild(child);
  await nc.drain();
}
