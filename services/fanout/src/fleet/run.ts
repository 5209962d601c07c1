import {
  FLEET_TOP_HUBS,
  FLEET_VARIABLE,
  type FleetCounts,
  type FleetQuery,
  type FleetTopHub,
} from '@console/contracts';
import { CelError, type Program } from '@console/kit/cel';
import { DeliverPolicy } from '@nats-io/jetstream';
import type { FastifyBaseLogger } from 'fastify';
import { hubEntry, type LiveEntry, toEntry } from '../live/entry.ts';
import { subjectToken } from '../live/sources/hub-rates.ts';
import { epochOf } from '../live/sources/jetstream.ts';
import { ephemeralEpoch, type Source, type SourceHandlers } from '../live/sources/source.ts';
import { parseEvent } from './compile.ts';
import type { FleetEngine } from './engine.ts';

/** Hubs a query keeps counts for; matches of further hubs still count in the totals. */
const MAX_TRACKED_HUBS = 200_000;
const encoder = new TextEncoder();

type Pending = [seq: number, subject: string, data: Uint8Array, event: Record<string, unknown> | null];

/**
 * One fleet-lens query as a live topic's source: its compiled expression, its exact counts (every
 * message offered is evaluated; none is skipped when busy), the hubs matching most, and samples of
 * matching messages under a budget per second (the rest are counted as shed). Once a second it
 * emits the counts. With a look-back it first reads the stream's kept history from that far back
 * up to where the live messages begin, beside the live ones: the two ranges of stream sequences
 * meet exactly, so nothing is counted twice or missed.
 */
export class FleetRun implements Source {
  readonly epoch = ephemeralEpoch();
  private offset = 0;
  private handlers: SourceHandlers | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Live messages held until the stream's position is known. */
  private held: Pending[] | null = [];
  /** Live messages with a lower sequence are the look-back's. */
  private liveFrom = 0;

  private readonly since = Date.now();
  private streamEpoch = '';
  private total = 0;
  private historyMatches = 0;
  private thisSecond = 0;
  private perSecond = 0;
  private evaluated = 0;
  private errors = 0;
  private lastError: string | undefined;
  private sampled = 0;
  private shed = 0;
  private samplesThisSecond = 0;
  private readonly hubs = new Map<number, FleetTopHub>();
  private history: FleetCounts['history'] = null;

  private readonly engine: FleetEngine;
  private readonly program: Program;
  private readonly query: Required<FleetQuery>;
  private readonly log: FastifyBaseLogger;

  constructor(engine: FleetEngine, program: Program, query: Required<FleetQuery>, log: FastifyBaseLogger) {
    this.engine = engine;
    this.program = program;
    this.query = query;
    this.log = log;
  }

  async start(h: SourceHandlers) {
    this.handlers = h;
    const { jsm, stream } = this.engine.deps.access;
    // The stream is being read before we ask where it stands: nothing stored after that is missed.
    await this.engine.attach(this);
    const info = await jsm.streams.info(stream);
    this.streamEpoch = epochOf(info);
    const last = info.state.last_seq;
    const lookback = this.query.lookbackMinutes > 0 && last > 0;
    this.liveFrom = lookback ? last + 1 : 0;
    const held = this.held ?? [];
    this.held = null;
    for (const [seq, subject, data, event] of held) this.offer(seq, subject, data, event, false);
    this.timer = setInterval(() => this.tick(), 1000);
    if (lookback) {
      this.history = { read: 0, of: 0, done: false };
      this.readHistory(last).catch((err: Error) => {
        this.log.warn({ err }, 'fleet lens look-back failed');
        if (this.history) this.history.done = true;
        this.lastError = 'The look-back could not read the stream; live counting goes on.';
      });
    } else this.tick();
    return { history: [], liveFrom: 1 };
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.engine.detach(this);
  }

  /** One message of the hub stream: evaluated once; counted, ranked and maybe sampled when it matches. */
  offer(
    seq: number,
    subject: string,
    data: Uint8Array,
    event: Record<string, unknown> | null,
    fromHistory: boolean,
  ) {
    if (this.held) {
      this.held.push([seq, subject, data, event]);
      return;
    }
    if (!fromHistory && seq < this.liveFrom) return;
    this.evaluated += 1;
    if (!event) return;
    const v = this.program.eval({ [FLEET_VARIABLE]: event });
    if (v !== true) {
      if (v instanceof CelError) {
        this.errors += 1;
        this.lastError = v.message;
      } else if (v !== false) {
        this.errors += 1;
        this.lastError = 'The expression gave a value that is not true or false.';
      }
      return;
    }
    this.total += 1;
    if (fromHistory) this.historyMatches += 1;
    else this.thisSecond += 1;
    const hubId = typeof event.hubId === 'number' ? event.hubId : Number(subjectToken(subject, this.hubAt()));
    const at = typeof event.at === 'number' ? event.at : Date.now();
    this.rank(hubId, seq, at);
    if (this.samplesThisSecond >= this.engine.deps.opts.samplesPerSecond) {
      this.shed += 1;
      return;
    }
    this.samplesThisSecond += 1;
    this.sampled += 1;
    this.handlers?.entry(this.sample(seq, subject, data, hubId, at, fromHistory));
  }

  private hubAt() {
    return this.engine.deps.subjects.prefix ? 2 : 1;
  }

  private rank(hubId: number, seq: number, at: number) {
    if (!Number.isSafeInteger(hubId)) return;
    const held = this.hubs.get(hubId);
    if (held) {
      held.matches += 1;
      if (seq > held.lastSeq) {
        held.lastSeq = seq;
        held.lastAt = at;
      }
    } else if (this.hubs.size < MAX_TRACKED_HUBS) {
      this.hubs.set(hubId, { hubId, matches: 1, lastSeq: seq, lastAt: at });
    }
  }

  /** A matching message as a live event, with its stream sequence and hub beside it. */
  private sample(
    seq: number,
    subject: string,
    data: Uint8Array,
    hubId: number,
    at: number,
    fromHistory: boolean,
  ): LiveEntry {
    this.offset += 1;
    const entry = hubEntry(
      { epoch: this.epoch, offset: this.offset, subject, at, data },
      this.engine.deps.subjects.prefix,
    );
    const extra = `"seq":${seq},"hubId":${hubId},${fromHistory ? '"fromHistory":true,' : ''}`;
    return { ...entry, json: `{${extra}${entry.json.slice(1)}` };
  }

  private tick() {
    if (this.stopped) return;
    this.perSecond = this.thisSecond;
    this.thisSecond = 0;
    this.samplesThisSecond = 0;
    const counts: FleetCounts = {
      since: this.since,
      streamEpoch: this.streamEpoch,
      phase: this.history && !this.history.done ? 'history' : 'live',
      perSecond: this.perSecond,
      total: this.total,
      historyMatches: this.historyMatches,
      evaluated: this.evaluated,
      errors: this.errors,
      ...(this.lastError ? { lastError: this.lastError } : {}),
      sampled: this.sampled,
      shed: this.shed,
      sampleBudget: this.engine.deps.opts.samplesPerSecond,
      history: this.history ? { ...this.history } : null,
      lagMs: this.engine.lagMs(),
      topHubs: this.top(),
    };
    this.offset += 1;
    this.handlers?.entry(
      toEntry(
        {
          epoch: this.epoch,
          offset: this.offset,
          subject: 'fleet',
          at: Date.now(),
          data: encoder.encode(JSON.stringify(counts)),
        },
        'counts',
      ),
    );
  }

  /** The hubs matching most (ties: the most recent match first). */
  private top(): FleetTopHub[] {
    const best: FleetTopHub[] = [];
    for (const hub of this.hubs.values()) {
      if (best.length === FLEET_TOP_HUBS && !outranks(hub, best[best.length - 1] as FleetTopHub)) continue;
      let i = best.length;
      while (i > 0 && outranks(hub, best[i - 1] as FleetTopHub)) i -= 1;
      best.splice(i, 0, { ...hub });
      if (best.length > FLEET_TOP_HUBS) best.pop();
    }
    return best;
  }

  /**
   * The look-back: an ordered consumer over the hub messages kept since `lookbackMinutes` ago,
   * read up to `last` (the stream's last sequence when the query started; later ones come live).
   */
  private async readHistory(last: number) {
    const { js, stream } = this.engine.deps.access;
    const from = new Date(this.since - this.query.lookbackMinutes * 60_000).toISOString();
    const consumer = await js.consumers.get(stream, {
      filter_subjects: [this.engine.deps.subjects.hubMsgAny()],
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: from,
    });
    const progress = this.history as NonNullable<FleetCounts['history']>;
    let first = 0;
    try {
      for (let more = true; more && !this.stopped; ) {
        const batch = await consumer.fetch({ max_messages: 1000, expires: 1000 });
        more = false;
        for await (const m of batch) {
          if (m.seq > last || this.stopped) {
            more = false;
            break;
          }
          if (first === 0) first = m.seq;
          this.offer(m.seq, m.subject, m.data, parseEvent(m.data), true);
          progress.read = m.seq - first + 1;
          progress.of = last - first + 1;
          more = m.seq < last && m.info.pending > 0;
        }
      }
    } finally {
      await consumer.delete().catch(() => false);
      progress.done = true;
      progress.read = progress.of;
    }
  }
}

function outranks(a: FleetTopHub, b: FleetTopHub): boolean {
  return a.matches > b.matches || (a.matches === b.matches && a.lastAt > b.lastAt);
}
