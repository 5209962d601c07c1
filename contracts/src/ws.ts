import { type Static, Type } from '@sinclair/typebox';

/**
 * The live-panel protocol on `/ws`. A browser subscribes to topics; the gateway answers with
 * batched event frames. Every event carries (epoch, offset) so a reconnecting browser can resume.
 */
export const TopicSchema = Type.String({
  maxLength: 200,
  description:
    'hub:<hubId> | structure:<rootGroupId> | overview | wfl:<mac>:pings | wfl:<mac>:commands | supervisor',
});

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

export const LiveEventSchema = Type.Object({
  epoch: Type.String(),
  offset: Type.Integer({ minimum: 0 }),
  subject: Type.String(),
  at: Type.Number({ description: 'Unix time in ms when the event was published' }),
  data: Type.Unknown(),
});
export type LiveEvent = Static<typeof LiveEventSchema>;

export type ServerFrame =
  | { type: 'hello'; user: { id: string; name: string; roles: string[] } }
  | { type: 'subscribed'; topic: string }
  | { type: 'events'; topic: string; events: LiveEvent[] }
  | { type: 'reload'; topic: string; reason: string }
  | { type: 'error'; topic?: string; statusCode: number; message: string }
  | { type: 'pong'; id?: number };
