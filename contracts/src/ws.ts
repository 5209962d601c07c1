import { type Static, Type } from '@sinclair/typebox';
import { type FleetPosition, FleetQuerySchema } from './fleet-lens.ts';

// The fleet lens's frames and counts travel on this protocol; exported with it.
export * from './fleet-lens.ts';

import type { Role } from './roles.ts';
import { fields } from './world/common.ts';

/**
 * The live-panel protocol on `/ws`. A browser subscribes to topics; the gateway answers with
 * batched event frames. Every event carries (epoch, offset) so a reconnecting browser can resume.
 */
export const TopicSchema = Type.String({
  maxLength: 200,
  description:
    'hub:<hubId> | structure:<rootGroupId> | overview | wfl:<mac>:pings | wfl:<mac>:commands | supervisor | hubs | fleet:<name>',
});

/** The kinds of live topic and who may watch each (`admin` always passes, see `allows`). */
export const LIVE_TOPIC_ACCESS = {
  // Link Direct users watch the links they message (their page's list of subscribed ids).
  hub: ['support', 'dev', 'linkDirect'],
  structure: ['support', 'dev'],
  overview: ['support', 'dev'],
  wfl: ['support', 'dev'],
  supervisor: ['admin'],
  /** Every hub's messages: the engineering consoles' Subscribe to All. */
  hubs: ['dev'],
  /** A fleet-lens query over every hub's messages (`fleet-lens.ts`). */
  fleet: ['support', 'dev'],
} as const satisfies Record<string, readonly Role[]>;
export type LiveTopicKind = keyof typeof LIVE_TOPIC_ACCESS;

/** A structure topic names its hubs in the subscribe frame; at most this many. */
export const MAX_STRUCTURE_HUBS = 20;

/** Topic names, built here like subjects, never spelled at the call site. */
export const liveTopics = {
  hub: (hubId: string | number) => `hub:${hubId}`,
  structure: (rootGroupId: string) => `structure:${rootGroupId}`,
  overview: () => 'overview',
  wflPings: (mac: string) => `wfl:${mac}:pings`,
  wflCommands: (mac: string) => `wfl:${mac}:commands`,
  supervisor: () => 'supervisor',
  hubs: () => 'hubs',
  fleet: (name: string) => `fleet:${name}`,
};

export const TopicFilterSchema = Type.Object(
  {
    clientTypes: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20 })),
    classes: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 40 })),
    operations: Type.Optional(Type.Array(Type.String({ maxLength: 80 }), { maxItems: 100 })),
    text: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type TopicFilter = Static<typeof TopicFilterSchema>;

export const ClientFrameSchema = Type.Union([
  Type.Object(
    {
      type: Type.Literal('subscribe'),
      topic: TopicSchema,
      filter: Type.Optional(TopicFilterSchema),
      resume: Type.Optional(Type.Object({ epoch: Type.String(), offset: Type.Integer({ minimum: 0 }) })),
      hubs: Type.Optional(
        Type.Array(Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }), {
          minItems: 1,
          maxItems: MAX_STRUCTURE_HUBS,
          uniqueItems: true,
          description: 'structure topics only: the hub ids of the structure',
        }),
      ),
      query: Type.Optional(FleetQuerySchema),
    },
    { additionalProperties: false },
  ),
  Type.Object({ type: Type.Literal('unsubscribe'), topic: TopicSchema }, { additionalProperties: false }),
  Type.Object(
    { type: Type.Literal('ping'), id: Type.Optional(Type.Integer()) },
    { additionalProperties: false },
  ),
]);
export type ClientFrame = Static<typeof ClientFrameSchema>;

export const LiveEventKindSchema = Type.Union([
  Type.Literal('message'),
  Type.Literal('presence'),
  Type.Literal('heartbeat'),
  Type.Literal('ping'),
  Type.Literal('command'),
  Type.Literal('counts'),
]);
export type LiveEventKind = Static<typeof LiveEventKindSchema>;

/** What the gateway read from a hub message, so panels and filters need not parse subjects. */
export const LiveMessageMetaSchema = Type.Object({
  direction: Type.String({ description: 'request | response | notification (from the subject)' }),
  ...fields(Type.String, 'class', 'operation'),
  clientType: Type.String({
    description:
      "user | link2 | agent | server | admin: the envelope's clientType when valid; else link2 when " +
      'the sender is the hub itself; else the first part of a handlerId-style sender (type.clientId.deviceId); else server',
  }),
});
export type LiveMessageMeta = Static<typeof LiveMessageMetaSchema>;

export const LiveEventSchema = Type.Object({
  epoch: Type.String({
    description: 'Identity of the history the offset belongs to; a new epoch means old offsets are void',
  }),
  offset: Type.Integer({
    minimum: 0,
    description: 'Position in that history (the JetStream stream sequence)',
  }),
  subject: Type.String(),
  at: Type.Number({ description: 'Unix time in ms when the event was published' }),
  data: Type.Unknown(),
  kind: Type.Optional(LiveEventKindSchema),
  meta: Type.Optional(LiveMessageMetaSchema),
  malformed: Type.Optional(
    Type.String({ description: 'The start of a payload that was not a JSON object; data is then null' }),
  ),
});
export type LiveEvent = Static<typeof LiveEventSchema>;

export type ServerFrame =
  | { type: 'hello'; user: { id: string; name: string; roles: string[] } }
  | { type: 'subscribed'; topic: string; position?: { epoch: string; offset: number } }
  | { type: 'events'; topic: string; events: LiveEvent[] }
  | { type: 'reload'; topic: string; reason: string }
  | { type: 'error'; topic?: string; statusCode: number; message: string; position?: FleetPosition }
  | { type: 'pong'; id?: number };

/** The data of an `overview` counts event, once a second. */
export interface OverviewCounts {
  connectedHubs: number;
  messagesPerSecond: number;
  byClass: Record<string, number>;
  /** Customers' clients connected now, by platform (Support Plus overview "live users"). */
  liveUsers: Record<ClientPlatform, number>;
  /** The hubs sending the most messages now (a second, over the last few seconds), busiest first. */
  busiestHubs: { hubId: number; messagesPerSecond: number }[];
}

/** How a customer reaches the cloud: the app, the web console, or a voice agent. */
export const CLIENT_PLATFORMS_LIVE = ['app', 'web', 'agent'] as const;
export type ClientPlatform = (typeof CLIENT_PLATFORMS_LIVE)[number];

/** A client's presence (`client.<platform>.<clientId>.presence`), as the connection workers say it. */
export interface ClientPresence {
  clientId: string;
  userId: string;
  platform: ClientPlatform;
  connected: boolean;
  /** ms: when it was said. */
  at: number;
}
