import type { FleetQuery, Subjects } from '@console/contracts';
import type { Program } from '@console/kit/cel';
import { DeliverPolicy, type JsMsg } from '@nats-io/jetstream';
import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { StreamAccess } from '../live/sources/jetstream.ts';
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

/** Longest stretch of evaluation before the event loop is let through to everything else. */
const YIELD_EVERY_MS = 10;

/**
 * The fleet lens's one pass over the hub stream: a single ordered consumer of every hub message
 * (`hub.*.msg.>` from the stream, each with its stream sequence), open while at least one query
 * runs. Each message is parsed once and offered to every running query, whose expression was
 * compiled once when it started (`FleetRun`). The consumer is pulled, so when evaluation cannot
 * keep up the lens falls behind the stream (said on screen as its lag) and loses nothing: counts
 * stay exact, and no slow subscription can cost the fan-out its broker connection.
 */
export class FleetEngine {
  private readonly runs = new Set<FleetRun>();
  private reading: Promise<{ close(): Promise<unknown> }> | null = null;
  /** Messages seen and the time spent offering them, since start (for the bench and metrics). */
  messages = 0;
  busyMs = 0;
  /** When the latest message read was stored (ms): how far behind the stream the lens is. */
  lastStoredAt = 0;
  private generation = 0;

  readonly deps: FleetDeps;

  constructor(deps: FleetDeps) {
    this.deps = deps;
  }

  get running(): number {
    return this.runs.size;
  }

  /** Messages stored after the latest one read (the consumer's pending count then). */
  private pending = 0;

  /** How far behind the stream the lens is (ms): 0 when it had read everything stored. */
  lagMs(): number {
    return this.pending === 0 || this.lastStoredAt === 0 ? 0 : Math.max(0, Date.now() - this.lastStoredAt);
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

  /** Adds a query; resolves once the stream is being read, so what is stored from then on reaches it. */
  async attach(run: FleetRun): Promise<void> {
    this.runs.add(run);
    this.reading ??= this.read();
    await this.reading;
  }

  detach(run: FleetRun) {
    this.runs.delete(run);
    if (this.runs.size === 0 && this.reading) {
      const reading = this.reading;
      this.reading = null;
      this.generation += 1;
      this.lastStoredAt = 0;
      void reading.then((r) => r.close()).catch(() => undefined);
    }
  }

  private async read() {
    const { access, subjects, log } = this.deps;
    const generation = ++this.generation;
    const consumer = await access.js.consumers.get(access.stream, {
      filter_subjects: [subjects.hubMsgAny()],
      deliver_policy: DeliverPolicy.New,
    });
    const messages = await consumer.consume({ max_messages: 2000 });
    void (async () => {
      let since = performance.now();
      for await (const m of messages) {
        if (generation !== this.generation) break;
        this.offer(m);
        // A batch is read in one go otherwise: the sockets, the broker's pings and the ticks
        // would wait behind it. The lens then falls behind rather than the whole fan-out.
        if (performance.now() - since > YIELD_EVERY_MS) {
          await new Promise((r) => setImmediate(r));
          since = performance.now();
        }
      }
    })().catch((err: Error) => log.warn({ err }, 'fleet lens stopped reading the stream'));
    return {
      close: async () => {
        await messages.close();
        await consumer.delete().catch(() => false);
      },
    };
  }

  private offer(m: JsMsg) {
    const started = performance.now();
    const event = parseEvent(m.data);
    const seq = m.seq;
    for (const run of this.runs) run.offer(seq, m.subject, m.data, event, false);
    this.messages += 1;
    const info = m.info;
    this.lastStoredAt = Math.round(info.timestampNanos / 1e6);
    this.pending = info.pending;
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
