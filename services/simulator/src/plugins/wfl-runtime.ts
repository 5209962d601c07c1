import {
  CORRELATION_HEADERS,
  parseWflCommand,
  type SimWfl,
  type Subjects,
  type WflReply,
} from '@console/contracts';
import { headers, type Msg, type NatsConnection } from '@nats-io/nats-core';
import type { Scheduler } from './scheduler.ts';
import type { SimCounters } from './sim-metrics.ts';
import { SweptFleet } from './swept-fleet.ts';

export interface WflState {
  wfl: SimWfl;
  pings: number;
  bootAt: number;
  lastCommandAt: number | null;
  /** Commands received (answered or not). */
  received: number;
  faults: { offline: boolean; delayMs: number };
}

/**
 * Gen1 WiFi links: they answer poke commands within the spec's ranges (the contracts' parser,
 * the same hub-control validates with) and ping on a period. An offline link neither pings nor
 * answers; a slow one answers after its delay (and not at all if it went offline meanwhile).
 */
export class WflRuntime extends SweptFleet<WflState> {
  private readonly cmdPrefix: string;
  private readonly workerId: string;
  private readonly counters: SimCounters;
  private readonly scheduler: Scheduler;

  constructor(
    nc: NatsConnection,
    subjects: Subjects,
    pingMs: number,
    own: { workerId: string; counters: SimCounters; scheduler: Scheduler },
  ) {
    super(nc, subjects, pingMs);
    ({ workerId: this.workerId, counters: this.counters, scheduler: this.scheduler } = own);
    this.cmdPrefix = subjects.wflCmd('x').slice(0, -'x.cmd'.length);
  }

  load(wfls: SimWfl[]): void {
    for (const wfl of wfls) {
      const state: WflState = {
        wfl,
        pings: 0,
        bootAt: Date.now(),
        lastCommandAt: null,
        received: 0,
        faults: { offline: false, delayMs: 0 },
      };
      this.add(wfl.mac, state);
    }
  }

  /** Takes the link off the air or brings it back (it pings at once when back). */
  setOffline(s: WflState, offline: boolean): void {
    const was = s.faults.offline;
    s.faults.offline = offline;
    if (was && !offline) {
      s.bootAt = Date.now();
      this.ping(s);
    }
  }

  onCommand(msg: Msg): void {
    const mac = msg.subject.slice(this.cmdPrefix.length, -'.cmd'.length);
    const state = this.byId.get(mac);
    if (!state) return;
    this.counters.in();
    state.received++;
    if (state.faults.offline) return;
    let command = '';
    try {
      const body = JSON.parse(msg.string()) as { command?: unknown };
      if (typeof body.command === 'string') command = body.command;
    } catch {
      this.counters.malformedIn();
    }
    const result = command ? parseWflCommand(command) : { ok: false, reply: 'ERR,malformed' };
    const answer = () => {
      if (state.faults.offline) return;
      if (result.ok) state.lastCommandAt = Date.now();
      const reply: WflReply = { mac, command, ok: result.ok, reply: result.reply, at: Date.now() };
      this.counters.out();
      // The command waterfall: the poke's correlation id comes back on the reply.
      const id = msg.headers?.get(CORRELATION_HEADERS.id) ?? '';
      const h = id && id.length <= 64 ? headers() : undefined;
      if (h) h.set(CORRELATION_HEADERS.id, id);
      msg.respond(JSON.stringify(reply), h ? { headers: h } : undefined);
    };
    if (state.faults.delayMs > 0) this.scheduler.at(Date.now() + state.faults.delayMs, answer);
    else answer();
  }

  protected silent(s: WflState): boolean {
    return s.faults.offline;
  }

  protected visit(s: WflState): void {
    this.ping(s);
  }

  private ping(s: WflState): void {
    const now = Date.now();
    s.pings++;
    const data = JSON.stringify({
      trans: s.pings,
      mac: s.wfl.mac.slice(9),
      time: Math.floor(now / 1000),
      prod: 'lwl',
      fw: 'N2.94D',
      uptime: Math.floor((now - s.bootAt) / 1000),
    });
    const ping = {
      mac: s.wfl.mac,
      data: `*!${data}`,
      reply: 'ok',
      node: this.workerId,
      date: new Date(now).toISOString(),
    };
    this.counters.out();
    this.nc.publish(this.subjects.wflPing(s.wfl.mac), JSON.stringify(ping));
  }
}
