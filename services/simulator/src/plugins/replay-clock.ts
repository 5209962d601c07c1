import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { playSchedule, type ReplaySchedule } from './replay-schedule.ts';

/**
 * The replay clock: a worker thread with a NATS connection of its own (same broker user as the
 * replay plugin's) that publishes the scheduled messages of every replay of this simulator. The
 * main thread renders each message once, up front, with everything but its send time; the worker
 * only waits for its due time, appends `"at"` and publishes. So the main thread's garbage
 * collection, the fleet's hubs and the replay's command replies cannot hold back a due message,
 * and the worker's own heap is small (the plan, little garbage while it plays).
 */

/**
 * Part of one replay's messages, ready to send: `heads[i]` is the event JSON without its closing
 * `,"at":…}`, `offsets[i]` its due time after the start in ms (already divided by the speed).
 */
export interface PlanPart {
  hubId: number;
  offsets: Float64Array;
  subjects: string[];
  heads: string[];
}

export interface ClockConnect {
  servers: string[];
  user?: string;
  pass?: string;
  name: string;
}

type ToWorker =
  | { kind: 'load'; part: PlanPart }
  | { kind: 'play'; hubId: number; startAtEpoch: number; before: { subject: string; data: string } }
  | { kind: 'stop'; hubId: number }
  | { kind: 'close' };
type FromWorker =
  | { kind: 'ready' }
  | { kind: 'done'; hubId: number; sent: number }
  | { kind: 'closed' }
  | { kind: 'error'; message: string };

/** Marks the worker data of a clock thread (this module also loads on the main thread). */
const CLOCK_MARK = 'consoleReplayClock';

/** A message's JSON split before its send time, so that part is rendered only once. */
export function eventHead(event: Record<string, unknown>): string {
  const { at: _at, ...rest } = event;
  return JSON.stringify(rest).slice(0, -1);
}

/** The head completed with its send time: `{…,"at":<epoch ms>}` (`{"at":…}` for an empty head). */
export function eventWithTime(head: string, at: number): string {
  return head === '{' ? `{"at":${at}}` : `${head},"at":${at}}`;
}

/**
 * The main thread's handle on the clock worker. If the thread dies (it should not: an uncaught
 * error, a terminated thread), the replays it held are reported lost to `onLost` (their hubs end)
 * and a new thread starts for the next replays.
 */
export class ReplayClock {
  private worker!: Worker;
  private readonly finished = new Map<number, () => void>();
  /** The hubs whose plan is loaded into, or playing on, the current thread. */
  private readonly active = new Set<number>();
  private closing: (() => void) | null = null;
  private closed = false;
  /** Resolves once the current thread is connected to the broker. */
  ready: Promise<void>;

  private readonly conn: ClockConnect;
  private readonly onError: (err: Error) => void;
  private readonly onLost: (hubIds: number[]) => void;

  constructor(
    conn: ClockConnect,
    onError: (err: Error) => void,
    onLost: (hubIds: number[]) => void = () => undefined,
  ) {
    this.conn = conn;
    this.onError = onError;
    this.onLost = onLost;
    this.ready = this.start();
  }

  private start(): Promise<void> {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { [CLOCK_MARK]: this.conn },
      name: 'replay-clock',
    });
    this.worker = worker;
    worker.unref();
    let isReady = false;
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.on('message', (m: FromWorker) => {
        if (m.kind === 'ready') {
          isReady = true;
          resolve();
        } else if (m.kind === 'error' && !isReady) reject(new Error(m.message));
        else if (m.kind === 'done') {
          this.active.delete(m.hubId);
          const f = this.finished.get(m.hubId);
          this.finished.delete(m.hubId);
          f?.();
        } else if (m.kind === 'closed') this.closing?.();
        else if (m.kind === 'error') this.onError(new Error(m.message));
      });
    });
    worker.on('error', this.onError);
    worker.on('exit', (code) => {
      if (this.closing || this.closed || worker !== this.worker) return;
      this.onError(new Error(`replay clock thread exited (code ${code}); starting a new one`));
      const lost = [...this.active];
      this.active.clear();
      this.finished.clear();
      this.ready = this.start();
      this.ready.catch(this.onError);
      if (lost.length > 0) this.onLost(lost);
    });
    return ready;
  }

  /** Ends the current thread as a crash would (for tests of the recovery). */
  crashForTest(): Promise<number> {
    return this.worker.terminate();
  }

  /**
   * Adds messages to a replay's plan (in order; sent while the replay loads, so the work is spread
   * over its chunks and nothing big crosses to the worker at the start).
   */
  load(part: PlanPart): void {
    this.active.add(part.hubId);
    this.send({ kind: 'load', part }, [part.offsets.buffer as ArrayBuffer]);
  }

  /**
   * Plays the loaded plan from `startAtEpoch` (epoch ms, sub-millisecond); `done` once its last
   * message went out (not after `stop`). `before` is published at once, ahead of the plan (the
   * hub's presence): it also runs the thread's publish path before the first due message.
   */
  play(
    hubId: number,
    startAtEpoch: number,
    before: { subject: string; data: string },
    done: () => void,
  ): void {
    this.active.add(hubId);
    this.finished.set(hubId, done);
    this.send({ kind: 'play', hubId, startAtEpoch, before });
  }

  /** Stops a replay, or drops the plan of one that never played. */
  stop(hubId: number): void {
    this.active.delete(hubId);
    this.finished.delete(hubId);
    this.send({ kind: 'stop', hubId });
  }

  /** Stops every replay, drains the worker's connection and ends the thread. */
  async close(): Promise<void> {
    this.closed = true;
    this.finished.clear();
    this.active.clear();
    const closed = new Promise<void>((r) => {
      this.closing = r;
    });
    this.send({ kind: 'close' });
    await Promise.race([closed, new Promise((r) => setTimeout(r, 2000).unref())]);
    await this.worker.terminate();
  }

  private send(m: ToWorker, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(m, transfer);
  }
}

/** The worker's side: one connection, any number of replays, each on its own schedule. */
async function runWorker(conn: ClockConnect): Promise<void> {
  const port = parentPort;
  if (!port) return;
  const post = (m: FromWorker) => port.postMessage(m);
  let nc: NatsConnection;
  try {
    nc = await connect({
      servers: conn.servers,
      user: conn.user,
      pass: conn.pass,
      name: conn.name,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      waitOnFirstConnect: true,
    });
    // One round trip, so the write path is compiled before the first due message.
    await nc.flush();
  } catch (err) {
    post({ kind: 'error', message: `replay clock could not connect: ${(err as Error).message}` });
    return;
  }
  const plans = new Map<number, { offsets: number[]; subjects: string[]; heads: string[] }>();
  const playing = new Map<number, ReplaySchedule>();
  port.on('message', (m: ToWorker) => {
    if (m.kind === 'load') {
      const { hubId, offsets, subjects, heads } = m.part;
      let plan = plans.get(hubId);
      if (!plan) {
        plan = { offsets: [], subjects: [], heads: [] };
        plans.set(hubId, plan);
      }
      for (let i = 0; i < heads.length; i++) {
        plan.offsets.push(offsets[i] as number);
        plan.subjects.push(subjects[i] as string);
        plan.heads.push(heads[i] as string);
      }
    } else if (m.kind === 'play') {
      const { hubId } = m;
      const plan = plans.get(hubId) ?? { offsets: [], subjects: [], heads: [] };
      plans.delete(hubId);
      nc.publish(m.before.subject, m.before.data);
      const { offsets, subjects, heads } = plan;
      const schedule = playSchedule(
        offsets.length,
        (i) => offsets[i] as number,
        m.startAtEpoch - performance.timeOrigin,
        (i) => nc.publish(subjects[i] as string, eventWithTime(heads[i] as string, Date.now())),
        () => {
          playing.delete(hubId);
          post({ kind: 'done', hubId, sent: offsets.length });
        },
      );
      if (schedule.sent < offsets.length) playing.set(hubId, schedule);
    } else if (m.kind === 'stop') {
      plans.delete(m.hubId);
      playing.get(m.hubId)?.stop();
      playing.delete(m.hubId);
    } else if (m.kind === 'close') {
      for (const s of playing.values()) s.stop();
      playing.clear();
      plans.clear();
      void nc
        .drain()
        .catch(() => undefined)
        .then(() => post({ kind: 'closed' }));
    }
  });
  post({ kind: 'ready' });
}

const started = (workerData as Record<string, ClockConnect> | null)?.[CLOCK_MARK];
if (!isMainThread && started) void runWorker(started);
