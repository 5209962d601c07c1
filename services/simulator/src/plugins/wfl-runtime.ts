import type { SimWfl, Subjects, WflReply } from '@console/contracts';
import type { Msg, NatsConnection } from '@nats-io/nats-core';
import type { SimCounters } from './sim-metrics.ts';
import { Sweep } from './sweep.ts';
import { parseWflCommand } from './wfl-commands.ts';

interface WflState {
  wfl: SimWfl;
  pings: number;
  bootAt: number;
  lastCommandAt: number | null;
}

/** Gen1 WiFi links: they answer poke commands within the spec's ranges and ping on a period. */
export class WflRuntime {
  readonly wfls = new Map<string, WflState>();
  private readonly list: WflState[] = [];
  private readonly sweep: Sweep;
  private readonly cmdPrefix: string;

  constructor(
    private readonly nc: NatsConnection,
    private readonly subjects: Subjects,
    private readonly workerId: string,
    private readonly counters: SimCounters,
    pingMs: number,
  ) {
    this.sweep = new Sweep(pingMs);
    this.cmdPrefix = subjects.wflCmd('x').slice(0, -'x.cmd'.length);
  }

  load(wfls: SimWfl[]): void {
    for (const wfl of wfls) {
      const state = { wfl, pings: 0, bootAt: Date.now(), lastCommandAt: null };
      this.wfls.set(wfl.mac, state);
      this.list.push(state);
    }
  }

  onCommand(msg: Msg): void {
    const mac = msg.subject.slice(this.cmdPrefix.length, -'.cmd'.length);
    const state = this.wfls.get(mac);
    if (!state) return;
    this.counters.in();
    let command = '';
    try {
      const body = JSON.parse(msg.string()) as { command?: unknown };
      if (typeof body.command === 'string') command = body.command;
    } catch {
      this.counters.malformedIn();
    }
    const result = command ? parseWflCommand(command) : { ok: false, reply: 'ERR,malformed' };
    if (result.ok) state.lastCommandAt = Date.now();
    const reply: WflReply = { mac, command, ok: result.ok, reply: result.reply, at: Date.now() };
    this.counters.out();
    msg.respond(JSON.stringify(reply));
  }

  tick(elapsedMs: number): void {
    this.sweep.run(this.list, elapsedMs, (s) => this.ping(s));
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
