import { type Static, Type } from '@sinclair/typebox';
import { HostHeartbeatSchema } from './fleet.ts';
import { DateTimeString, fields } from './world/common.ts';

/**
 * The supervisord board's rules (core spec §4, §9), in one place for the supervisor service (which
 * answers them in its list) and the console (which re-derives them as heartbeats arrive live and
 * as the clock moves on).
 */
export const SUPERVISOR_LIMITS = {
  /** A heart beat is ok while younger than this. */
  heartbeatOkMs: 2 * 60_000,
  /** A process (or command) this slow is shown as slow. */
  slowMs: 3_000,
  /** A restart is shown while it is this recent. */
  restartWindowMs: 60 * 60_000,
  /** The board refetches the host list this often (live heartbeats arrive in between). */
  listRefreshMs: 10_000,
  /** Process info is refetched this often. */
  processInfoRefreshMs: 60_000,
} as const;

export const HeartbeatStatusSchema = Type.Union(
  [Type.Literal('ok'), Type.Literal('No heart beat'), Type.Literal('Too old')],
  { description: "'ok' while the last heart beat is younger than the threshold" },
);
export type HeartbeatStatus = Static<typeof HeartbeatStatusSchema>;

export const HostThresholdsSchema = Type.Object({
  ...fields(Type.Integer, 'heartbeatOkMs', 'slowMs', 'restartWindowMs'),
});
export type HostThresholds = Static<typeof HostThresholdsSchema>;

/** A host as stored: who it is, and its latest heartbeat (none for a host added by hand). */
export const HostRecordSchema = Type.Object({
  ...fields(Type.String, '_id', 'name', 'host'),
  hostType: Type.String({ description: "'node-v1' hosts show dropped packets instead of uptime" }),
  kind: Type.String({ description: "'command' (Command Nodes) or 'datamonitor' (Data Monitor Nodes)" }),
  latest: Type.Union([HostHeartbeatSchema, Type.Null()]),
  heartbeats: Type.Integer({ description: 'Heartbeats kept in the history' }),
  addedAt: DateTimeString(),
});
export type HostRecord = Static<typeof HostRecordSchema>;

export const HostDerivedSchema = Type.Object({
  heartbeat: HeartbeatStatusSchema,
  heartbeatAgeMs: Type.Union([Type.Integer(), Type.Null()]),
  supervisorOk: Type.Boolean({ description: 'The supervisor light: green only when RUNNING' }),
  supervisorState: Type.String(),
  packetsPerSecond: Type.Union([Type.Number(), Type.Null()], {
    description: 'packetsBetween / secondsBetween of the last heartbeat',
  }),
  perSecondAvgShifted: Type.Union([Type.Number(), Type.Null()]),
  slow: Type.Union([Type.Object({ name: Type.String(), ms: Type.Integer() }), Type.Null()]),
  recentRestarts: Type.Array(DateTimeString()),
});
export type HostDerived = Static<typeof HostDerivedSchema>;

export const HostViewSchema = Type.Composite([HostRecordSchema, Type.Object({ derived: HostDerivedSchema })]);
export type HostView = Static<typeof HostViewSchema>;

/** The two lights and the detail lines of a host card, at `now`. */
export function deriveHost(
  h: Pick<HostRecord, 'latest'>,
  now: number,
  limits: HostThresholds = SUPERVISOR_LIMITS,
): HostDerived {
  const beat = h.latest;
  if (!beat) {
    return {
      heartbeat: 'No heart beat',
      heartbeatAgeMs: null,
      supervisorOk: false,
      supervisorState: 'UNKNOWN',
      packetsPerSecond: null,
      perSecondAvgShifted: null,
      slow: null,
      recentRestarts: [],
    };
  }
  const last = Date.parse(beat.stats.lastHeartBeat.createdDate);
  const age = Number.isFinite(last) ? Math.max(0, now - last) : null;
  const { packetsBetween, secondsBetween } = beat.stats.lastHeartBeat;
  const slow = beat.stats.slowProcess;
  return {
    heartbeat: age === null ? 'No heart beat' : age < limits.heartbeatOkMs ? 'ok' : 'Too old',
    heartbeatAgeMs: age,
    supervisorOk: beat.supervisor.state === 'RUNNING',
    supervisorState: beat.supervisor.state,
    packetsPerSecond: secondsBetween > 0 ? Math.round((packetsBetween / secondsBetween) * 100) / 100 : null,
    perSecondAvgShifted: beat.stats.perSecondAvgShifted,
    slow: slow && slow.ms >= limits.slowMs ? slow : null,
    recentRestarts: beat.stats.lastRestart
      .map((r) => r.timeStamp)
      .filter((t) => now - Date.parse(t) <= limits.restartWindowMs)
      .sort()
      .reverse(),
  };
}

/** supervisord's getAllProcessInfo entry, as the host answers it. */
export const ProcessInfoSchema = Type.Object({
  ...fields(Type.String, 'name', 'group', 'statename'),
  state: Type.Integer(),
  description: Type.String(),
  pid: Type.Integer(),
  start: Type.Integer({ description: 'Unix seconds' }),
  now: Type.Integer({ description: 'Unix seconds' }),
  exitstatus: Type.Integer(),
});
export type ProcessInfo = Static<typeof ProcessInfoSchema>;

/** Request/reply on `host.<id>.cmd`: what the supervisor asks a host's supervisord. */
export const HostCommandSchema = Type.Union([
  Type.Object({ op: Type.Literal('getAllProcessInfo') }, { additionalProperties: false }),
  Type.Object(
    { op: Type.Literal('restart'), process: Type.Optional(Type.String({ maxLength: 100 })) },
    { additionalProperties: false },
  ),
]);
export type HostCommand = Static<typeof HostCommandSchema>;

export const HostCommandReplySchema = Type.Union([
  Type.Object({ ok: Type.Literal(true), processes: Type.Array(ProcessInfoSchema) }),
  Type.Object({ ok: Type.Literal(false), error: Type.String() }),
]);
export type HostCommandReply = Static<typeof HostCommandReplySchema>;
