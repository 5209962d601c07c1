import { type Static, Type } from '@sinclair/typebox';
import type { LiveEvent } from './ws.ts';

/**
 * The fleet lens (issue 33): one CEL expression over every hub's messages, evaluated by the
 * fan-out on the hub stream. A browser subscribes to the live topic `fleet:<name>` with a `query`;
 * the topic's events are samples of matching messages (kind `message`, with the stream sequence)
 * and, once a second, the counts (kind `counts`, data `FleetCounts`).
 */
export const FLEET_LENS_ACCESS = ['support', 'dev'] as const;

/** The variable an expression reads: the hub message event (`HubMessageEvent`). */
export const FLEET_VARIABLE = 'msg';
export const FLEET_EXPRESSION_MAX = 2000;
/** The longest look-back over the stream's kept history. */
export const FLEET_LOOKBACK_MAX_MINUTES = 24 * 60;
/** Hubs named in the counts, most matches first. */
export const FLEET_TOP_HUBS = 20;

export const FleetQuerySchema = Type.Object(
  {
    expression: Type.String({ minLength: 1, maxLength: FLEET_EXPRESSION_MAX }),
    lookbackMinutes: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: FLEET_LOOKBACK_MAX_MINUTES,
        description: "Read this much of the stream's kept history before going live (0: live only)",
      }),
    ),
  },
  { additionalProperties: false },
);
export type FleetQuery = Static<typeof FleetQuerySchema>;

/** Where an expression fails (1-based line and column, 0-based offset). */
export interface FleetPosition {
  line: number;
  column: number;
  offset: number;
}

export interface FleetTopHub {
  hubId: number;
  matches: number;
  /** The hub's latest matching message: its stream sequence and time, for a link to the moment. */
  lastSeq: number;
  lastAt: number;
}

/** Once a second on a fleet topic: exact counts since the query started, and what was shed. */
export interface FleetCounts {
  /** When the query started (ms). */
  since: number;
  /** The hub stream's epoch (with `lastSeq` of a top hub: a timeline link to a moment). */
  streamEpoch: string;
  phase: 'history' | 'live';
  /** Matches in the last whole second (live). */
  perSecond: number;
  /** Every match since `since`, history included. */
  total: number;
  /** Of `total`, matches found in the look-back. */
  historyMatches: number;
  /** Messages evaluated (history and live). */
  evaluated: number;
  /** Evaluations that ended in an error (not a match), and the latest error's text. */
  errors: number;
  lastError?: string;
  /** Matches sent as samples, and matches not sent because the sample budget was spent. */
  sampled: number;
  shed: number;
  /** Samples sent per second at most. */
  sampleBudget: number;
  /**
   * How far behind the stream evaluation is (ms since the latest message read was stored): when
   * the load is more than the fan-out can evaluate, the lens falls behind rather than skip any.
   */
  lagMs: number;
  /** The look-back: stream sequences read of those to read; null without one. */
  history: { read: number; of: number; done: boolean } | null;
  topHubs: FleetTopHub[];
}

/** A sample: a hub message event as live panels get it, with its stream sequence and hub. */
export type FleetSample = LiveEvent & { seq: number; hubId: number; fromHistory?: boolean };

/** What an `audit.fleet-query` record says: who ran which expression, and whether it was accepted. */
export interface FleetQueryAudit {
  kind: 'fleet-query';
  id: string;
  staff: { userId: string; email: string; name: string } | null;
  at: number;
  expression: string;
  lookbackMinutes: number;
  outcome: 'started' | 'refused';
  error?: string;
  host: string;
}
