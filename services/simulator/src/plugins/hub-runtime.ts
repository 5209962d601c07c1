import {
  CLIENT_TYPES,
  CORRELATION_HEADERS,
  HUB_CLIENT_HEADERS,
  HUB_NOTIFICATIONS,
  HUB_PROTOCOL_VERSION,
  type HubMessage,
  HubMessageSchema,
  hubCommandOf,
  type SimHub,
  type Subjects,
} from '@console/contracts';
import { headers, type Msg, type MsgHdrs, type NatsConnection } from '@nats-io/nats-core';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyBaseLogger } from 'fastify';
import { type Effect, execute } from './hub-handlers.ts';
import type { HubRecordReader } from './hub-records.ts';
import { SimHubState } from './hub-state.ts';
import type { Random } from './random.ts';
import type { Scheduler } from './scheduler.ts';
import type { SimCounters } from './sim-metrics.ts';

export interface HubRuntimeOptions {
  nc: NatsConnection;
  subjects: Subjects;
  workerId: string;
  log: FastifyBaseLogger;
  counters: SimCounters;
  scheduler: Scheduler;
  rnd: Random;
  restartMs: number;
  /**
   * Where the hubs' own records are read (FLEET=world: the world's store). A hub answers its first
   * command once its records are read, and reads them again after the store announced a change.
   */
  records?: HubRecordReader;
  /** How long a command waits for the hub's records before it is answered from what the hub holds. */
  recordsWaitMs?: number;
}

const envelope = TypeCompiler.Compile(HubMessageSchema);

/** The correlation id header of a command, as headers to put on what the hub sends because of it. */
function correlationOf(msg: Msg): MsgHdrs | undefined {
  const id = msg.headers?.get(CORRELATION_HEADERS.id) ?? '';
  if (!id || id.length > 64) return undefined;
  const h = headers();
  h.set(CORRELATION_HEADERS.id, id);
  return h;
}
const tokenLike = /^[A-Za-z0-9_-]{1,60}$/;
const clientTypes = new Set<string>(CLIENT_TYPES);

/**
 * The hubs this worker holds: presence, command answers and the socket log. Every message a hub
 * receives or sends is published on `hub.<id>.msg.<direction>.<class>.<operation>`.
 */
/** A message as a hub sends it (its id as the sender): the fleet's hubs and a replayed recording's. */
export function hubEnvelope(
  hubId: number,
  transactionId: number,
  direction: HubMessage['direction'],
  cls: string,
  operation: string,
  items: HubMessage['items'],
): HubMessage {
  return {
    version: HUB_PROTOCOL_VERSION,
    transactionId,
    senderId: String(hubId),
    direction,
    class: cls,
    operation,
    items,
  };
}

/** A hub's answer to a request: the request's transaction, class and operation, with these items. */
export function hubResponse(hubId: number, request: HubMessage, items: HubMessage['items']): HubMessage {
  return hubEnvelope(hubId, request.transactionId, 'response', request.class, request.operation, items);
}

/** A hub's answer to a message it could not read as an envelope. */
export function malformedReply(hubId: number): HubMessage {
  const error = { group: 1, code: 400, message: 'Malformed message' };
  return hubEnvelope(hubId, 0, 'response', 'error', 'malformed', [
    { itemId: 0, payload: {}, success: false, error },
  ]);
}

export class HubRuntime {
  readonly hubs = new Map<number, SimHubState>();
  readonly list: SimHubState[] = [];
  connected = 0;
  private readonly cmdPrefix: string;

  private readonly o: HubRuntimeOptions;
  constructor(o: HubRuntimeOptions) {
    this.o = o;
    this.cmdPrefix = o.subjects.hubCmd(0).slice(0, -'0.cmd'.length);
  }

  load(hubs: SimHub[]): SimHubState[] {
    const added: SimHubState[] = [];
    for (const h of hubs) {
      if (this.hubs.has(h.hubId)) continue;
      const state = new SimHubState(h, this.o.rnd);
      // The fleet source's records stand until the store's are read (at the hub's first command).
      if (this.o.records) state.recordsCurrent = false;
      this.hubs.set(h.hubId, state);
      this.list.push(state);
      added.push(state);
    }
    return added;
  }

  /**
   * Reads the hub's records from the store once (commands arriving meanwhile share the read). A
   * failed read leaves the hub as it was, to be read again at its next command.
   */
  refreshRecords(hub: SimHubState): Promise<void> {
    const reader = this.o.records;
    if (!reader || hub.recordsCurrent) return Promise.resolve();
    if (hub.recordsLoading) return hub.recordsLoading;
    const loading = reader
      .read(hub.hubId)
      .then((records) => {
        // Marked current before the read's result is used: an announcement during the read marks it stale again.
        if (records) hub.useRecords(records);
        if (hub.recordsLoading === loading) hub.recordsCurrent = true;
      })
      .catch((err) => this.o.log.warn({ err, hubId: hub.hubId }, "a hub's records could not be read"))
      .finally(() => {
        if (hub.recordsLoading === loading) hub.recordsLoading = null;
      });
    hub.recordsLoading = loading;
    return loading;
  }

  /** The store announced a change of the hub's records: read again at its next command. */
  recordsChanged(hub: SimHubState): void {
    hub.recordsCurrent = false;
    hub.recordsLoading = null;
  }

  connect(hub: SimHubState, reason: string): void {
    if (hub.connected || hub.faults.offline || hub.removed) return;
    hub.connected = true;
    hub.restarting = false;
    hub.since = Date.now();
    if (reason === 'restart') hub.bootAt = hub.since;
    this.connected++;
    this.presence(hub, reason);
  }

  disconnect(hub: SimHubState, reason: string): void {
    if (!hub.connected) return;
    hub.connected = false;
    hub.since = Date.now();
    this.connected--;
    this.presence(hub, reason);
  }

  presence(hub: SimHubState, reason: string): void {
    const at = Date.now();
    const { hubId, rootGroupId, connected, since } = hub;
    const workerId = hub.movedTo ?? this.o.workerId;
    const body = { hubId, rootGroupId, connected, workerId, since, at, reason };
    this.o.nc.publish(this.o.subjects.hubPresence(hubId), JSON.stringify(body));
  }

  /** One command from the broker. Hubs this worker does not hold, or that are offline, stay silent. */
  onCommand(msg: Msg): void {
    const hubId = Number(msg.subject.slice(this.cmdPrefix.length, -'.cmd'.length));
    const hub = this.hubs.get(hubId);
    if (!hub?.connected) return;
    if (!hub.recordsCurrent) {
      // Answered once the records are in, or after recordsWaitMs from what the hub holds (the
      // fleet source's records: for FLEET=world the generator's, which the loader stored).
      let answered = false;
      const answer = () => {
        if (answered) return;
        answered = true;
        if (hub.connected) this.answer(hub, msg);
      };
      void this.refreshRecords(hub).then(answer);
      this.o.scheduler.at(Date.now() + (this.o.recordsWaitMs ?? 500), answer);
      return;
    }
    this.answer(hub, msg);
  }

  private answer(hub: SimHubState, msg: Msg): void {
    const { counters } = this.o;
    counters.in();
    hub.received++;
    hub.sample(15 + Math.floor(this.o.rnd() * 120));
    const given = msg.headers?.get(HUB_CLIENT_HEADERS.type) ?? '';
    const clientType = clientTypes.has(given) ? given : 'user';
    // The command waterfall: the reply and every message the command causes carry its correlation id.
    const cid = correlationOf(msg);

    let request: HubMessage | null = null;
    try {
      const parsed: unknown = JSON.parse(msg.string());
      if (envelope.Check(parsed) && tokenLike.test(parsed.class) && tokenLike.test(parsed.operation))
        request = parsed;
    } catch {
      // not JSON: answered below as a malformed message
    }
    if (!request) {
      counters.malformedIn();
      const reply = malformedReply(hub.hubId);
      this.send(hub, reply, clientType, msg, cid);
      return;
    }
    this.publish(hub, request, clientType, cid);

    const name = hubCommandOf(request.class, request.operation);
    const ctx = { now: Date.now(), workerId: hub.movedTo ?? this.o.workerId, restartMs: this.o.restartMs };
    const effects: Effect[] = [];
    const items = request.items.map((item) => {
      if (!name) {
        const error = {
          group: 1,
          code: 404,
          message: `Unknown operation ${request.class}.${request.operation}`,
        };
        return { itemId: item.itemId, payload: {}, success: false, error };
      }
      const out = execute(hub, name, item.payload, ctx);
      if (!out.ok) return { itemId: item.itemId, payload: {}, success: false, error: out.error };
      if (out.effects) effects.push(...out.effects);
      return { itemId: item.itemId, payload: out.payload, success: true };
    });
    const reply = hubResponse(hub.hubId, request, items);
    const answer = () => {
      // A hub that went away while it waited never answers: the requester sees a timeout.
      if (!hub.connected) return;
      this.send(hub, reply, clientType, msg, cid);
      for (const e of effects) this.apply(hub, e, cid);
    };
    if (hub.faults.delayMs > 0) this.o.scheduler.at(Date.now() + hub.faults.delayMs, answer);
    else answer();
  }

  /** A message the hub originates, on its socket log only. */
  notify(
    hub: SimHubState,
    name: keyof typeof HUB_NOTIFICATIONS,
    payload: Record<string, unknown>,
    cid?: MsgHdrs,
  ): void {
    if (!hub.connected) return;
    const n = HUB_NOTIFICATIONS[name];
    const env = hubEnvelope(hub.hubId, hub.nextTransactionId(), 'notification', n.class, n.operation, [
      { itemId: 0, payload, success: true },
    ]);
    this.o.counters.out();
    this.publish(hub, env, 'link2', cid);
  }

  /** The fault knob: a message on the hub's socket log that is not JSON at all. */
  sendMalformed(hub: SimHubState): void {
    this.o.counters.malformedOut();
    const subject = this.o.subjects.hubMsg(hub.hubId, 'notification', 'log', 'add');
    this.o.nc.publish(subject, `{"version":"1.0","transactionId":${hub.nextTransactionId()},"items":[{`);
  }

  private send(hub: SimHubState, reply: HubMessage, clientType: string, msg: Msg, cid?: MsgHdrs): void {
    this.o.counters.out();
    if (hub.faults.malformedReplies > 0) {
      hub.faults.malformedReplies--;
      this.o.counters.malformedOut();
      const garbled = JSON.stringify(reply).slice(0, 40);
      this.o.nc.publish(this.o.subjects.hubMsg(hub.hubId, 'response', reply.class, reply.operation), garbled);
      msg.respond(garbled, cid ? { headers: cid } : undefined);
      return;
    }
    const body = this.publish(hub, reply, clientType, cid);
    msg.respond(body, cid ? { headers: cid } : undefined);
  }

  private apply(hub: SimHubState, e: Effect, cid?: MsgHdrs): void {
    const { scheduler, restartMs } = this.o;
    if (e.kind === 'notify') {
      if (e.afterMs) scheduler.at(Date.now() + e.afterMs, () => this.notify(hub, e.name, e.payload, cid));
      else this.notify(hub, e.name, e.payload, cid);
    } else if (e.kind === 'move') {
      // The hub drops this connection and comes back through the worker it was sent to.
      this.disconnect(hub, 'move');
      hub.movedTo = e.server;
      scheduler.at(Date.now() + restartMs, () => this.connect(hub, 'moved'));
    } else if (e.kind === 'restart') {
      hub.restarting = true;
      this.disconnect(hub, 'restart');
      scheduler.at(Date.now() + restartMs, () => this.connect(hub, 'restart'));
    } else {
      hub.removed = true;
      this.disconnect(hub, 'remove');
    }
  }

  /** Publishes one message event; returns the envelope's JSON so a reply need not serialise twice. */
  private publish(hub: SimHubState, env: HubMessage, clientType: string, cid?: MsgHdrs): string {
    const at = Date.now();
    const event = JSON.stringify({ ...env, hubId: hub.hubId, clientType, at });
    const subject = this.o.subjects.hubMsg(hub.hubId, env.direction, env.class, env.operation);
    if (cid) this.o.nc.publish(subject, event, { headers: cid });
    else this.o.nc.publish(subject, event);
    return event;
  }
}
