import { type Static, Type } from '@sinclair/typebox';
import { CLIENT_TYPES, HubMessageSchema } from './hub-message.ts';
import { token } from './subjects.ts';
import { DateTimeString, fields } from './world/common.ts';

/**
 * What the simulator runs, decoupled from the stored data model: the world generator (or the
 * simulator's own synthetic builder) hands it hubs, Gen1 WiFi links and supervisord hosts in
 * these shapes, and every message the simulated fleet sends is one of the events below.
 */
export const SimFeatureSchema = Type.Object({
  featureId: Type.String({ description: 'Same form as a deviceId, so the link id can be read from it' }),
  type: Type.String({ description: 'switch, dimLevel, temperature, diagnostics, dimSetup…' }),
  name: Type.String(),
  value: Type.Union([Type.Number(), Type.Boolean(), Type.String()]),
});
export type SimFeature = Static<typeof SimFeatureSchema>;

export const SimDeviceSchema = Type.Object({
  deviceId: Type.String({ description: '{structure}-{deviceNumber}-{linkId}+{index}' }),
  ...fields(Type.String, 'productCode', 'serial', 'firmwareVersion'),
  features: Type.Array(SimFeatureSchema),
});
export type SimDevice = Static<typeof SimDeviceSchema>;

/** An automation a hub holds (the Automation Check's list; the script as the hub sends it, a string). */
export const SimAutomationSchema = Type.Object({
  ...fields(Type.String, 'automationId', 'name', 'category'),
  active: Type.Boolean(),
  script: Type.String(),
});
export type SimAutomation = Static<typeof SimAutomationSchema>;

export const SimHubSchema = Type.Object({
  hubId: Type.Integer({ minimum: 1, description: 'The numeric link id (shown in hex too)' }),
  ...fields(Type.String, 'rootGroupId', 'firmwareVersion'),
  configNumber: Type.Integer({ minimum: 0 }),
  systemStorageNumber: Type.Integer({ minimum: 0 }),
  ...fields(Type.Boolean, 'errorState', 'locked', 'homeKitPaired'),
  devices: Type.Array(SimDeviceSchema),
  automations: Type.Optional(
    Type.Array(SimAutomationSchema, {
      description: 'The automations numbered on this hub; none when absent',
    }),
  ),
});
export type SimHub = Static<typeof SimHubSchema>;

export const SimWflSchema = Type.Object({
  mac: Type.String({ description: 'With the vendor prefix 74:0A:BC' }),
  userId: Type.String(),
});
export type SimWfl = Static<typeof SimWflSchema>;

export const HOST_TYPES = ['node-v1', 'other'] as const;
export const HOST_KINDS = ['command', 'datamonitor'] as const;

export const SimHostSchema = Type.Object({
  ...fields(Type.String, 'hostId', 'name'),
  hostType: Type.Union(HOST_TYPES.map((t) => Type.Literal(t))),
  kind: Type.Union(
    HOST_KINDS.map((k) => Type.Literal(k)),
    {
      description: 'Command node or data monitor node (the two lists of the supervisor board)',
    },
  ),
});
export type SimHost = Static<typeof SimHostSchema>;

export const SimFleetSchema = Type.Object({
  hubs: Type.Array(SimHubSchema),
  wfls: Type.Array(SimWflSchema),
  hosts: Type.Array(SimHostSchema),
});
export type SimFleet = Static<typeof SimFleetSchema>;

/**
 * What is published on `hub.<hubId>.msg.<direction>.<class>.<operation>`: the envelope exactly as
 * it went over the hub's socket, with who was on the other end and when, beside it.
 */
export const HubMessageEventSchema = Type.Composite([
  HubMessageSchema,
  Type.Object({
    hubId: Type.Integer(),
    clientType: Type.Union(
      CLIENT_TYPES.map((c) => Type.Literal(c)),
      {
        description:
          "'link2' for what the hub originated; the requester's client type for requests and replies",
      },
    ),
    at: Type.Number({ description: 'Unix time in ms when the message passed' }),
  }),
]);
export type HubMessageEvent = Static<typeof HubMessageEventSchema>;

/** Published on `hub.<hubId>.presence` on connect, disconnect and as a periodic refresh. */
export const HubPresenceSchema = Type.Object({
  hubId: Type.Integer(),
  rootGroupId: Type.String(),
  connected: Type.Boolean(),
  workerId: Type.String({ description: 'The connection worker (simulator instance) holding the hub' }),
  since: Type.Number({ description: 'ms: connected since, or disconnected since' }),
  at: Type.Number({ description: 'ms: when this presence was published' }),
  reason: Type.Optional(Type.String({ description: 'start, refresh, restart, fault, remove…' })),
});
export type HubPresence = Static<typeof HubPresenceSchema>;

/** A Gen1 WiFi link ping (core spec: Data, Reply, Node, Date), on `wfl.<mac>.ping`. */
export const WflPingSchema = Type.Object({
  ...fields(Type.String, 'mac', 'data', 'reply', 'node'),
  date: DateTimeString(),
});
export type WflPing = Static<typeof WflPingSchema>;

/** A poke command to a Gen1 WiFi link, on `wfl.<mac>.cmd`. */
export const WflCommandSchema = Type.Object({
  command: Type.String({ maxLength: 200, description: 'LightwaveRF command string, e.g. !R1D2FdP16' }),
  requestedBy: Type.Optional(Type.String()),
});
export type WflCommand = Static<typeof WflCommandSchema>;

export const WflReplySchema = Type.Object({
  ...fields(Type.String, 'mac', 'command'),
  ok: Type.Boolean(),
  reply: Type.String({ description: "'OK' or 'ERR,<reason>'" }),
  at: Type.Number(),
});
export type WflReply = Static<typeof WflReplySchema>;

export const SUPERVISOR_STATES = ['RUNNING', 'STARTING', 'STOPPED', 'BACKOFF', 'FATAL', 'EXITED'] as const;

/** A supervisord host's heartbeat (core spec §3 supervisord host), on `host.<hostId>.heartbeat`. */
export const HostHeartbeatSchema = Type.Object({
  ...fields(Type.String, '_id', 'name', 'host'),
  hostType: Type.Union(HOST_TYPES.map((t) => Type.Literal(t))),
  kind: Type.Union(HOST_KINDS.map((k) => Type.Literal(k))),
  supervisor: Type.Object({
    name: Type.String(),
    state: Type.Union(SUPERVISOR_STATES.map((s) => Type.Literal(s))),
    uptime: Type.Integer({ description: 'seconds' }),
  }),
  lastUpdate: DateTimeString(),
  stats: Type.Object({
    lastHeartBeat: Type.Object({
      createdDate: DateTimeString(),
      packetsBetween: Type.Integer(),
      secondsBetween: Type.Number(),
      ...fields(Type.Integer, 'droppedBetween', 'droppedTotal'),
    }),
    lastCmd: Type.Object({ time: DateTimeString() }),
    lastRestart: Type.Array(Type.Object({ timeStamp: DateTimeString() })),
    perSecondAvgShifted: Type.Number(),
    slowProcess: Type.Optional(Type.Object({ name: Type.String(), ms: Type.Integer() })),
  }),
});
export type HostHeartbeat = Static<typeof HostHeartbeatSchema>;

/**
 * The simulator's own control plane (fault knobs and rates), beside the console API: requests on
 * `<prefix>.sim.control.<op>`, answered by the instance that holds the hub (every instance for
 * fleet-wide operations).
 */
export const SIM_CONTROL_OPS = [
  'offline',
  'slow',
  'error',
  'malformed',
  'liveInfo',
  'device',
  'host',
  'rates',
  'state',
  'stats',
] as const;
export type SimControlOp = (typeof SIM_CONTROL_OPS)[number];

export function simSubjects(prefix = 'console') {
  const p = prefix === '' ? '' : `${token(prefix)}.`;
  return {
    control: (op: SimControlOp) => `${p}sim.control.${token(op)}`,
    /** The one wildcard every simulator instance listens on for hub commands. */
    hubCmdAny: () => `${p}hub.*.cmd`,
    wflCmdAny: () => `${p}wfl.*.cmd`,
  };
}

export const SimRatesSchema = Type.Object({
  eventsPerHubPerMin: Type.Number({ minimum: 0, description: 'Feature value changes' }),
  statusPerHubPerMin: Type.Number({ minimum: 0, description: 'Device status changes' }),
  logsPerHubPerMin: Type.Number({ minimum: 0 }),
  notificationsPerHubPerMin: Type.Number({ minimum: 0 }),
});
export type SimRates = Static<typeof SimRatesSchema>;

export const SimStatsSchema = Type.Object({
  workerId: Type.String(),
  ...fields(Type.Integer, 'hubs', 'connected', 'wfls', 'hosts'),
  received: Type.Integer({ description: 'Messages received by hubs since start' }),
  sent: Type.Integer({ description: 'Messages sent by hubs since start (replies and events)' }),
  ...fields(Type.Integer, 'malformedReceived', 'malformedSent'),
  clientsConnected: Type.Integer({ description: "Customers' client sessions connected now" }),
  rates: SimRatesSchema,
  busyHubs: Type.Optional(
    Type.Array(
      Type.Object({
        hubId: Type.Integer(),
        rootGroupId: Type.String(),
        messagesPerSecond: Type.Number({
          description: 'What the hub is set to send (SIM_BUSY_MESSAGES_PER_S)',
        }),
        connected: Type.Boolean(),
      }),
      { description: 'The busy hubs this instance runs (SIM_BUSY_HUBS): several messages a second each' },
    ),
  ),
});
export type SimStats = Static<typeof SimStatsSchema>;
