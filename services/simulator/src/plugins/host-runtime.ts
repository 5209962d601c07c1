import {
  type HostCommandReply,
  HostCommandSchema,
  type HostHeartbeat,
  type SimHost,
  type Subjects,
} from '@console/contracts';
import type { Msg, NatsConnection } from '@nats-io/nats-core';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { processInfo } from './host-processes.ts';
import type { Random } from './random.ts';
import { SweptFleet } from './swept-fleet.ts';

type SupervisorState = HostHeartbeat['supervisor']['state'];
const commandCheck = TypeCompiler.Compile(HostCommandSchema);

interface HostState {
  host: SimHost;
  startedAt: number;
  lastBeatAt: number;
  lastCmdAt: number;
  droppedTotal: number;
  avg: number;
  restarts: number[];
  state: SupervisorState;
  silent: boolean;
}

/** Supervisord hosts (command and data monitor nodes) sending heartbeats with the core spec's stats. */
export class HostRuntime extends SweptFleet<HostState> {
  private readonly rnd: Random;
  constructor(nc: NatsConnection, subjects: Subjects, rnd: Random, heartbeatMs: number) {
    super(nc, subjects, heartbeatMs);
    this.rnd = rnd;
  }

  load(hosts: SimHost[]): void {
    const now = Date.now();
    for (const host of hosts) {
      const restarts = this.rnd() < 0.3 ? [now - Math.floor(this.rnd() * 3_600_000)] : [];
      const state: HostState = {
        host,
        startedAt: now - Math.floor(this.rnd() * 7 * 86_400_000),
        lastBeatAt: now,
        lastCmdAt: now,
        droppedTotal: Math.floor(this.rnd() * 50),
        avg: 20 + this.rnd() * 80,
        restarts,
        state: 'RUNNING',
        silent: false,
      };
      this.add(host.hostId, state);
    }
  }

  /** The fault knob: another supervisor state, heartbeats stopped (No heart beat / Too old), a restart. */
  control(hostId: string, change: { state?: SupervisorState; silent?: boolean; restart?: boolean }): boolean {
    const h = this.byId.get(hostId);
    if (!h) return false;
    if (change.state) h.state = change.state;
    if (change.silent !== undefined) h.silent = change.silent;
    if (change.restart) {
      h.startedAt = Date.now();
      h.restarts = [...h.restarts, h.startedAt].slice(-5);
    }
    return true;
  }

  /**
   * A command from the supervisor service on `host.<id>.cmd` (process info, restart). A host held
   * by another shard is left to it: no answer here.
   */
  onCommand(msg: Msg): void {
    const hostId = msg.subject.split('.').at(-2) ?? '';
    const h = this.byId.get(hostId);
    if (!h) return;
    let cmd: unknown;
    try {
      cmd = msg.json();
    } catch {
      cmd = null;
    }
    const answer = (r: HostCommandReply) => {
      msg.respond(JSON.stringify(r));
    };
    if (!commandCheck.Check(cmd)) {
      answer({ ok: false, error: 'unknown supervisord command' });
      return;
    }
    // A silenced host is unreachable, as a host that stopped beating would be.
    if (h.silent) return;
    if (cmd.op === 'restart') {
      this.control(hostId, { restart: true, state: 'RUNNING' });
      // The board sees the restart at once, not at the next heartbeat.
      this.beat(h);
    }
    answer({ ok: true, processes: processInfo(h.host, h.state, h.startedAt, Date.now()) });
  }

  protected silent(h: HostState): boolean {
    return h.silent;
  }

  protected visit(h: HostState): void {
    this.beat(h);
  }

  beat(h: HostState): void {
    const now = Date.now();
    const secondsBetween = Math.max(0.001, (now - h.lastBeatAt) / 1000);
    const rate = h.state === 'RUNNING' ? h.avg * (0.7 + this.rnd() * 0.6) : 0;
    const packetsBetween = Math.round(rate * secondsBetween);
    const droppedBetween = this.rnd() < 0.2 ? Math.floor(this.rnd() * 5) : 0;
    h.droppedTotal += droppedBetween;
    h.avg = h.avg * 0.9 + rate * 0.1;
    if (packetsBetween > 0) h.lastCmdAt = now;
    h.lastBeatAt = now;
    const iso = (ms: number) => new Date(ms).toISOString();
    const { hostId, name, hostType, kind } = h.host;
    const beat: HostHeartbeat = {
      _id: hostId,
      name,
      host: `${name}.sim.local`,
      hostType,
      kind,
      supervisor: {
        name: `supervisor-${name}`,
        state: h.state,
        uptime: Math.floor((now - h.startedAt) / 1000),
      },
      lastUpdate: iso(now),
      stats: {
        lastHeartBeat: {
          createdDate: iso(now),
          packetsBetween,
          secondsBetween,
          droppedBetween,
          droppedTotal: h.droppedTotal,
        },
        lastCmd: { time: iso(h.lastCmdAt) },
        lastRestart: h.restarts.map((t) => ({ timeStamp: iso(t) })),
        perSecondAvgShifted: Math.round(h.avg * 100) / 100,
      },
    };
    if (this.rnd() < 0.1)
      beat.stats.slowProcess = { name: `${kind}-worker`, ms: 3000 + Math.floor(this.rnd() * 4000) };
    this.nc.publish(this.subjects.hostHeartbeat(hostId), JSON.stringify(beat));
  }
}
