import {
  HUB_CLIENT_HEADERS,
  type HubMessage,
  HubMessageSchema,
  REPLAY_CONTROL,
  type RecordingLine,
  RecordingLineSchema,
  type ReplayOpen,
  ReplayOpenSchema,
  type ReplayStarted,
  type Subjects,
} from '@console/contracts';
import { natsAuth } from '@console/kit';
import type { Msg, NatsConnection, Subscription } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hubResponse, malformedReply } from './hub-runtime.ts';
import { eventHead, eventWithTime, ReplayClock } from './replay-clock.ts';

const openCheck = TypeCompiler.Compile(ReplayOpenSchema);
const chunkCheck = TypeCompiler.Compile(
  Type.Object({ lines: Type.Array(RecordingLineSchema, { maxItems: REPLAY_CONTROL.chunkLines }) }),
);
const envelopeCheck = TypeCompiler.Compile(HubMessageSchema);
const PRESENCE_REFRESH_MS = 30_000;
/** A loading replay that never starts is dropped after this long. */
const LOAD_TIMEOUT_MS = 5 * 60_000;
/** Replayed hub ids: far above any fleet's (world and synthetic ids stay well below). */
const REPLAY_ID_BASE = 9_000_000_000;

/** Sorted-key JSON, so a payload matches however its keys were ordered. */
export function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'null';
}

type Item = HubMessage['items'][number];

/**
 * The recorded replies, by class.operation and the request item's payload: each request of the
 * recording is paired with the response of the same transaction id, item by item.
 */
export class RecordedReplies {
  private readonly exact = new Map<string, Item>();
  private readonly byOperation = new Map<string, Item>();

  constructor(lines: readonly RecordingLine[]) {
    const requests = new Map<number, HubMessage>();
    for (const { message: m } of lines) {
      if (m.direction === 'request') requests.set(m.transactionId, m);
      else if (m.direction === 'response') {
        const req = requests.get(m.transactionId);
        if (!req || req.class !== m.class || req.operation !== m.operation) continue;
        const op = `${m.class}.${m.operation}`;
        for (const item of m.items) {
          const asked = req.items.find((r) => r.itemId === item.itemId) ?? req.items[0];
          if (asked) this.exact.set(`${op}|${canonical(asked.payload)}`, item);
          if (!this.byOperation.has(op)) this.byOperation.set(op, item);
        }
      }
    }
  }

  get size(): number {
    return this.exact.size;
  }

  /** The recorded answer to one item: same payload first, else any of the same class.operation. */
  answer(cls: string, operation: string, item: Item): Item {
    const op = `${cls}.${operation}`;
    const found = this.exact.get(`${op}|${canonical(item.payload)}`) ?? this.byOperation.get(op);
    if (found) return { ...found, itemId: item.itemId };
    return {
      itemId: item.itemId,
      payload: {},
      success: false,
      error: { group: 1, code: 404, message: `No recorded reply for ${op}` },
    };
  }
}

interface ReplayHub {
  hubId: number;
  speed: number;
  sourceHubId: number | null;
  lines: RecordingLine[];
  state: 'loading' | 'playing' | 'done';
  sub: Subscription;
  replies: RecordedReplies | null;
  connectedSince: number;
  refresh: ReturnType<typeof setInterval> | null;
  expire: ReturnType<typeof setTimeout> | null;
}

export interface ReplayOptions {
  nc: NatsConnection;
  subjects: Subjects;
  workerId: string;
  log: FastifyBaseLogger;
  /** The worker thread that publishes the scheduled messages (`replay-clock.ts`). */
  clock: ReplayClock;
  lingerMs?: number;
}

/**
 * Recordings played back as new simulated hubs. `open` arrives on `hub.replay.cmd` (one instance
 * of the `simulator-replay` queue takes it) and answers a fresh hub id; this instance then listens
 * on that hub's own command subject, where the recording's chunks and `start` come (marked with the
 * `Console-Replay` header) and, once it plays, the commands it answers from the recorded replies.
 * The messages go out on `hub.<newId>.msg.…` in the recorded order at the recorded offsets (÷
 * speed), scheduled against one start time. They are rendered here as the chunks arrive and sent
 * by the replay clock, a worker thread of its own, so nothing on this thread can delay one.
 */
export class ReplayHubs {
  readonly hubs = new Map<number, ReplayHub>();
  private sub: Subscription | null = null;
  private counter = 0;
  private readonly o: ReplayOptions;

  constructor(o: ReplayOptions) {
    this.o = o;
  }

  /** The clock thread's handle (tests end the thread to check the recovery). */
  get clock(): ReplayClock {
    return this.o.clock;
  }

  start(): void {
    this.sub = this.o.nc.subscribe(this.o.subjects.hubCmd(REPLAY_CONTROL.hubToken), {
      queue: 'simulator-replay',
      callback: (err, msg) => {
        if (err) return this.o.log.error({ err }, 'replay subscription failed');
        this.guard(msg, () => this.open(msg));
      },
    });
  }

  stop(): void {
    this.sub?.unsubscribe();
    for (const h of [...this.hubs.values()]) this.end(h, 'shutdown');
  }

  private guard(msg: Msg, run: () => void): void {
    try {
      run();
    } catch (err) {
      this.o.log.error({ err, subject: msg.subject }, 'replay request failed');
      msg.respond(JSON.stringify({ ok: false, error: 'replay request failed' }));
    }
  }

  private freshId(): number {
    this.counter = (this.counter + 1) % 1000;
    return REPLAY_ID_BASE + ((Date.now() % 1_000_000) * 1000 + this.counter);
  }

  private open(msg: Msg): void {
    const body = this.json(msg);
    if (!openCheck.Check(body)) return void this.refuse(msg, 'invalid replay open request');
    const open = body as ReplayOpen;
    let hubId = this.freshId();
    while (this.hubs.has(hubId)) hubId = this.freshId();
    const sub = this.o.nc.subscribe(this.o.subjects.hubCmd(hubId), {
      callback: (err, m) => {
        if (err) return this.o.log.error({ err }, 'replay hub subscription failed');
        this.guard(m, () => this.onHubMessage(hub, m));
      },
    });
    const hub: ReplayHub = {
      hubId,
      speed: open.speed,
      sourceHubId: open.sourceHubId ?? null,
      lines: [],
      state: 'loading',
      sub,
      replies: null,
      connectedSince: 0,
      refresh: null,
      expire: setTimeout(() => this.end(hub, 'never started'), LOAD_TIMEOUT_MS),
    };
    this.hubs.set(hubId, hub);
    // The server takes this connection's SUB before the reply that names the hub, so a chunk sent
    // right after the reply finds the subscription. (Answered at once: the broker lets the simulator
    // user answer a request only while it is being delivered.)
    msg.respond(JSON.stringify({ ok: true, hubId }));
  }

  private onHubMessage(hub: ReplayHub, msg: Msg): void {
    const control = msg.headers?.get(REPLAY_CONTROL.header) ?? '';
    if (control === 'chunk') return void this.chunk(hub, msg);
    if (control === 'start') return void this.play(hub, msg);
    if (control !== '') return void this.refuse(msg, `unknown replay control ${control}`);
    if (hub.state !== 'loading') this.command(hub, msg);
  }

  private chunk(hub: ReplayHub, msg: Msg): void {
    if (hub.state !== 'loading') return void this.refuse(msg, 'the replay has started');
    const body = this.json(msg);
    if (!chunkCheck.Check(body)) return void this.refuse(msg, 'invalid replay chunk');
    if (body.lines.length > 0) {
      const first = (hub.lines[0] ?? (body.lines[0] as RecordingLine)).offsetMs;
      const n = body.lines.length;
      const part = {
        hubId: hub.hubId,
        offsets: new Float64Array(n),
        subjects: [] as string[],
        heads: [] as string[],
      };
      for (let i = 0; i < n; i++) {
        const line = body.lines[i] as RecordingLine;
        const { subject, head } = this.render(hub, line.clientType, line.message);
        part.offsets[i] = (line.offsetMs - first) / hub.speed;
        part.subjects.push(subject);
        part.heads.push(head);
        hub.lines.push(line);
      }
      this.o.clock.load(part);
    }
    msg.respond(JSON.stringify({ ok: true, lines: hub.lines.length }));
  }

  private play(hub: ReplayHub, msg: Msg): void {
    if (hub.state !== 'loading') return void this.refuse(msg, 'the replay has started');
    if (hub.lines.length === 0) return void this.refuse(msg, 'the recording is empty');
    if (hub.expire) clearTimeout(hub.expire);
    const { lines, speed } = hub;
    const first = (lines[0] as RecordingLine).offsetMs;
    hub.replies = new RecordedReplies(lines);
    hub.state = 'playing';
    hub.refresh = setInterval(() => this.presence(hub, true, 'refresh'), PRESENCE_REFRESH_MS);
    // A short lead so the first message is on time as well.
    const lead = 20;
    const startAt = performance.timeOrigin + performance.now() + lead;
    const startsAt = Date.now() + lead;
    const durationMs = Math.round(((lines[lines.length - 1] as RecordingLine).offsetMs - first) / speed);
    const started: ReplayStarted = { hubId: hub.hubId, messages: lines.length, durationMs, speed, startsAt };
    msg.respond(JSON.stringify({ ok: true, ...started }));
    this.o.log.info(
      { hubId: hub.hubId, source: hub.sourceHubId, messages: lines.length, speed },
      'replay started',
    );
    // The presence goes out from the clock thread, ahead of the first message.
    this.o.clock.play(hub.hubId, startAt, this.presenceMessage(hub, true, 'replay'), () => {
      hub.state = 'done';
      hub.expire = setTimeout(() => this.end(hub, 'replay over'), this.o.lingerMs ?? REPLAY_CONTROL.lingerMs);
    });
  }

  /** A command to the replayed hub: answered from the recording, logged on its socket log. */
  private command(hub: ReplayHub, msg: Msg): void {
    let request: HubMessage | null = null;
    try {
      const parsed: unknown = JSON.parse(msg.string());
      if (envelopeCheck.Check(parsed)) request = parsed;
    } catch {
      // answered below
    }
    const clientType = msg.headers?.get(HUB_CLIENT_HEADERS.type) || 'user';
    if (!request) {
      const reply = malformedReply(hub.hubId);
      msg.respond(this.emit(hub, clientType, reply));
      return;
    }
    this.emit(hub, clientType, request);
    const replies = hub.replies as RecordedReplies;
    const items = request.items.map((item) => replies.answer(request.class, request.operation, item));
    const reply = hubResponse(hub.hubId, request, items);
    msg.respond(this.emit(hub, clientType, reply));
  }

  /**
   * One message of the replayed hub's socket log, as a hub's own (the recorded hub id becomes the
   * new one): its subject and its JSON up to the send time (`eventHead`).
   */
  private render(hub: ReplayHub, clientType: string, m: HubMessage): { subject: string; head: string } {
    const senderId =
      hub.sourceHubId !== null && m.senderId === String(hub.sourceHubId) ? String(hub.hubId) : m.senderId;
    return {
      subject: this.o.subjects.hubMsg(hub.hubId, m.direction, m.class, m.operation),
      head: eventHead({ ...m, senderId, hubId: hub.hubId, clientType }),
    };
  }

  /** Publishes one message on the replayed hub's socket log now (a command or its reply). */
  private emit(hub: ReplayHub, clientType: string, m: HubMessage): string {
    const { subject, head } = this.render(hub, clientType, m);
    const event = eventWithTime(head, Date.now());
    this.o.nc.publish(subject, event);
    return event;
  }

  private presence(hub: ReplayHub, connected: boolean, reason: string): void {
    const { subject, data } = this.presenceMessage(hub, connected, reason);
    this.o.nc.publish(subject, data);
  }

  private presenceMessage(
    hub: ReplayHub,
    connected: boolean,
    reason: string,
  ): { subject: string; data: string } {
    const at = Date.now();
    if (connected && hub.connectedSince === 0) hub.connectedSince = at;
    const body = {
      hubId: hub.hubId,
      rootGroupId: `replay-${hub.sourceHubId ?? hub.hubId}`,
      connected,
      workerId: this.o.workerId,
      since: connected ? hub.connectedSince : at,
      at,
      reason,
    };
    return { subject: this.o.subjects.hubPresence(hub.hubId), data: JSON.stringify(body) };
  }

  /** Ends replays whose messages can no longer be sent (their clock thread died). */
  lost(hubIds: number[], reason: string): void {
    for (const id of hubIds) {
      const hub = this.hubs.get(id);
      if (!hub) continue;
      this.o.log.warn({ hubId: id, state: hub.state }, `replay ended: ${reason}`);
      this.end(hub, reason);
    }
  }

  private end(hub: ReplayHub, reason: string): void {
    if (!this.hubs.delete(hub.hubId)) return;
    this.o.clock.stop(hub.hubId);
    if (hub.refresh) clearInterval(hub.refresh);
    if (hub.expire) clearTimeout(hub.expire);
    hub.sub.unsubscribe();
    if (hub.state !== 'loading') this.presence(hub, false, reason);
  }

  private json(msg: Msg): unknown {
    try {
      return JSON.parse(msg.string());
    } catch {
      return null;
    }
  }

  private refuse(msg: Msg, error: string): void {
    msg.respond(JSON.stringify({ ok: false, error }));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    replays: ReplayHubs;
  }
}

/**
 * The replay hubs beside the fleet (after it: the worker id is the fleet's), on a connection of
 * their own: the fleet's wildcard `hub.*.cmd` subscription hears the replay subjects too, and the
 * broker lets the simulator user answer a request only when it reached the connection once.
 */
export const replayPlugin = fp(
  async (app: FastifyInstance, opts: { url: string; lingerMs?: number }) => {
    const name = `simulator replay ${app.sim.workerId}`;
    const nc = await connect({
      ...natsAuth(),
      servers: opts.url.split(','),
      name,
      reconnect: true,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      waitOnFirstConnect: true,
    });
    // The clock's connection: the same broker user, so it publishes with the same permissions.
    let replays: ReplayHubs | null = null;
    const clock = new ReplayClock(
      { ...natsAuth(), servers: opts.url.split(','), name: `${name} clock` },
      (err) => app.log.error({ err }, 'replay clock failed'),
      (hubIds) => replays?.lost(hubIds, 'replay clock failed'),
    );
    await clock.ready;
    replays = new ReplayHubs({
      nc,
      subjects: app.subjects,
      workerId: app.sim.workerId,
      log: app.log,
      clock,
      lingerMs: opts.lingerMs,
    });
    replays.start();
    await nc.flush();
    app.decorate('replays', replays);
    app.addHook('preClose', async () => {
      replays.stop();
      await clock.close();
      await nc.drain().catch(() => undefined);
    });
  },
  { name: 'simulator-replay', dependencies: ['nats', 'simulator'] },
);
