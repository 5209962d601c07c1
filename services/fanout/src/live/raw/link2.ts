import { randomInt } from 'node:crypto';
import {
  HUB_CLIENT_HEADERS,
  type HubMessage,
  type HubPresence,
  LINK2_HUB_ID_BASE,
  RAW_TEXT,
  RawEnvelopeSchema,
  type RawServerFrame,
  type Subjects,
} from '@console/contracts';
import type { Msg, NatsConnection, Subscription } from '@nats-io/nats-core';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveConnection } from '../connection.ts';

const envelope = TypeCompiler.Compile(RawEnvelopeSchema);

export interface Link2Options {
  nc: NatsConnection;
  subjects: Subjects;
  workerId: string;
  refreshMs: number;
  pendingMs: number;
  log: FastifyBaseLogger;
}

export interface Link2Settings {
  firmwareVersion: string;
  configNumber: number;
  factoryConfig: number;
}

/**
 * A Link2 page: the browser plays a hub. The fan-out holds its connection as a connection worker
 * would: presence on `hub.<id>.presence` (re-announced like the simulator's hubs), commands from
 * `hub.<id>.cmd` handed to the page, the page's replies answered on the waiting request, and every
 * message in or out on `hub.<id>.msg.…`, so the channel list, the live panels and the socket log
 * see it as any other hub.
 */
export class Link2Hub {
  readonly hubId: number;
  readonly handlerId: string;
  readonly rootGroupId: string;
  private readonly pending = new Map<number, { msg: Msg; timer: NodeJS.Timeout }>();
  private readonly sub: Subscription;
  private readonly refresh: NodeJS.Timeout;
  private readonly since = Date.now();
  private closed = false;

  private readonly conn: LiveConnection;
  private readonly o: Link2Options;
  readonly settings: Link2Settings;

  constructor(conn: LiveConnection, settings: Link2Settings, o: Link2Options) {
    this.conn = conn;
    this.o = o;
    this.settings = settings;
    this.hubId = LINK2_HUB_ID_BASE + randomInt(2 ** 24);
    this.handlerId = `link2.${this.hubId}.${this.hubId}`;
    this.rootGroupId = `link2-${conn.caller.userId}`;
    this.sub = o.nc.subscribe(o.subjects.hubCmd(this.hubId), { callback: (_e, msg) => this.onCommand(msg) });
    this.presence(true, 'start');
    this.refresh = setInterval(() => this.presence(true, 'refresh'), o.refreshMs);
    this.refresh.unref();
  }

  /** A command from any console: onto the hub's socket log, then to the page, which answers. */
  private onCommand(msg: Msg) {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(msg.string());
    } catch {
      // answered below as malformed
    }
    if (!envelope.Check(parsed)) {
      const error = { group: 1, code: 400, message: 'Malformed message' };
      msg.respond(
        this.publish({
          version: '1.0',
          transactionId: 0,
          senderId: String(this.hubId),
          direction: 'response',
          class: 'error',
          operation: 'malformed',
          items: [{ itemId: 0, payload: {}, success: false, error }],
        }),
      );
      return;
    }
    const from = msg.headers?.get(HUB_CLIENT_HEADERS.id) ?? '';
    const clientType = msg.headers?.get(HUB_CLIENT_HEADERS.type) || 'user';
    this.publish(parsed, clientType);
    const tx = parsed.transactionId;
    const earlier = this.pending.get(tx);
    if (earlier) clearTimeout(earlier.timer);
    // The requester has its own timeout (outcome unknown); this only frees what it left behind.
    const timer = setTimeout(() => this.pending.delete(tx), this.o.pendingMs);
    timer.unref();
    this.pending.set(tx, { msg, timer });
    this.send({ type: 'link2-request', message: parsed, from: from ? `${clientType}.${from}` : clientType });
  }

  /**
   * What the page sends as the hub: a response answers the request with its transactionId (once);
   * anything else goes on the hub's socket log as the hub's own message. Returns an error text or null.
   */
  say(message: HubMessage): string | null {
    if (message.direction === 'response') {
      const waiting = this.pending.get(message.transactionId);
      if (!waiting) return RAW_TEXT.link2NoRequest(message.transactionId);
      this.pending.delete(message.transactionId);
      clearTimeout(waiting.timer);
      waiting.msg.respond(this.publish(message));
      return null;
    }
    this.publish(message);
    return null;
  }

  close(reason: string) {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.refresh);
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
    this.sub.unsubscribe();
    this.presence(false, reason);
  }

  private presence(connected: boolean, reason: string) {
    const at = Date.now();
    const body: HubPresence = {
      hubId: this.hubId,
      rootGroupId: this.rootGroupId,
      connected,
      workerId: this.o.workerId,
      since: connected ? this.since : at,
      at,
      reason,
    };
    this.o.nc.publish(this.o.subjects.hubPresence(this.hubId), JSON.stringify(body));
  }

  /** One message event, as the simulator publishes them; returns the JSON (a reply's body too). */
  private publish(env: HubMessage, clientType = 'link2'): string {
    const event = JSON.stringify({ ...env, hubId: this.hubId, clientType, at: Date.now() });
    this.o.nc.publish(this.o.subjects.hubMsg(this.hubId, env.direction, env.class, env.operation), event);
    return event;
  }

  private send(frame: RawServerFrame) {
    this.conn.sendEvents(JSON.stringify(frame));
  }
}
