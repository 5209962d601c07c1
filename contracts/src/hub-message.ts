import { type Static, Type } from '@sinclair/typebox';

/** Message classes seen on live logs (Support Plus spec §9). */
export const MESSAGE_CLASSES = [
  'user',
  'system',
  'firmware',
  'device',
  'group',
  'feature',
  'automation',
  'server',
  'agent',
  'admin',
  'pushnotify',
  'log',
  'api',
  'error',
] as const;

/** Client types of the live message monitor. */
export const CLIENT_TYPES = ['user', 'link2', 'agent', 'server', 'admin'] as const;

export const HubMessageItemSchema = Type.Object({
  itemId: Type.Integer({ minimum: 0 }),
  payload: Type.Record(Type.String(), Type.Unknown(), { description: 'Operation-specific payload' }),
  success: Type.Optional(Type.Boolean()),
  error: Type.Optional(Type.Unknown({ description: 'Error detail when success is false' })),
});
export type HubMessageItem = Static<typeof HubMessageItemSchema>;

/** The hub message envelope of the specification. */
export const HubMessageSchema = Type.Object({
  version: Type.String({ description: 'Protocol version, e.g. "1.0"' }),
  transactionId: Type.Integer({ minimum: 0, description: 'Pairs a response with its request' }),
  senderId: Type.String({ description: 'Who sent the message: a client id or a hub id' }),
  direction: Type.Union([Type.Literal('request'), Type.Literal('response'), Type.Literal('notification')]),
  class: Type.String({ minLength: 1 }),
  operation: Type.String({ minLength: 1 }),
  items: Type.Array(HubMessageItemSchema),
});
export type HubMessage = Static<typeof HubMessageSchema>;
