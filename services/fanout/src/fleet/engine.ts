import type { FleetQuery, Subjects } from '@console/contracts';
import type { Program } from '@console/kit/cel';
import type { Msg, Subscription } from '@nats-io/nats-core';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { StreamAccess } from '../live/sources/jetstream.ts';
import { republishHeaders } from '../live/sources/republish-headers.ts';
import { compileFleetExpression, type FleetLimits, parseEvent } from './compile.ts';
import { FleetRun } from './run.ts';

export interface FleetEngineOptions extends FleetLimits {
  samplesPerSecond: number;
  maxQueries: number;
}

export interface FleetDeps {
  access: StreamAccess;
  subjects: Subjects;
  opts: FleetEngineOptions;
  log: FastifyBaseLogger;
}

/**
 * The fleet lens's one pass over the hub stream: a single subscription on the stream's
 * re-publication of every hub message (`live.hub.*.msg.>`, each with its stream sequence), open
 * while at least one query runs. Each message is parsed once and offered to every running query,
 * whose expression was compiled once when it started (`FleetRun`).
 */
export class FleetEngine {
  private readonly runs = new Set<FleetRun>();
  private sub: Subscription | null = null;
  /** Messages seen and the time spent offering them, since start (for the bench and metrics). */
  messages = 0;
  busyMs = 0;

  readonly deps: FleetDeps;

  constructor(deps: FleetDeps) {
    this.deps = deps;
  }

  get running(): number {
    return this.runs.size;
  }

  /** Why one more query may not start here, or null. */
  refusal(): { statusCode: 503; message: string } | null {
    return this.runs.size >= this.deps.opts.maxQueries
      ? { statusCode: 503, message: 'The fleet lens is at capacity right now; try again shortly.' }
      : null;
  }

  /** A query's source (the expression was checked by the caller; a failure here is a bug). */
  source(query: Required<FleetQuery>): FleetRun {
    const compiled = compileFleetExpression(query.expression, this.deps.opts);
    if (!compiled.ok) throw new Error(compiled.message);
    return new FleetRun(this, compiled.program as Program, query, this.deps.log);
  }

  attach(run: FleetRun) {
    this.runs.add(run);
    const { access, subjects, log } = this.deps;
    this.sub ??= access.nc.subscribe(access.liveSubject(subjects.hubMsgAny()), {
      callback: (err, m) => {
        if (err) return log.warn({ err }, 'fleet lens subscription failed');
        this.offer(m);
      },
    });
  }

  detach(run: FleetRun) {
    this.runs.delete(run);
    if (this.runs.size === 0 && this.sub) {
      this.sub.unsubscribe();
      this.sub = null;
    }
  }

  private offer(m: Msg) {
    const h = republishHeaders(m);
    const seq = Number(h?.sequence);
    const subject = h?.subject;
    if (!subject || !Number.isSafeInteger(seq)) return;
    const started = performance.now();
    const event = parseEvent(m.data);
    for (const run of this.runs) run.offer(seq, subject, m.data, event, false);
    this.messages += 1;
    this.busyMs += performance.now() - started;
  }
}

/** The fleet lens's figures on /metrics: queries running, messages passed over, time spent on them. */
export function fleetMetrics(registry: Registry, engine: FleetEngine) {
  const registers = [registry];
  new Gauge({
    name: 'console_fleet_queries',
    help: 'Fleet-lens queries running (one evaluation per message each)',
    registers,
    collect() {
      this.set(engine.running);
    },
  });
  new Gauge({
    name: 'console_fleet_messages',
    help: 'Hub messages the fleet lens has passed to its queries since start',
    registers,
    collect() {
      this.set(engine.messages);
    },
  });
  new Gauge({
    name: 'console_fleet_busy_seconds',
    help: 'Time spent parsing and evaluating hub messages for fleet-lens queries since start',
    registers,
    collect() {
      this.set(engine.busyMs / 1000);
    },
  });
}
