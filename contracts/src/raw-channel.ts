import { type Static, Type } from '@sinclair/typebox';
import { CORRELATION_ID_PATTERN, classOperations, HUB_PROTOCOL_VERSION } from './hub-commands.ts';
import { type HubMessage, HubMessageItemSchema } from './hub-message.ts';
import type { Access, Role } from './roles.ts';

/**
 * The raw channel of the engineering consoles (analytics spec §2 websocket consoles, §3 envelope,
 * §7 websocket operations) on the same `/ws` as the live panels: an engineer's socket sends hub
 * message envelopes to a hub or to the server-side channel operations and receives the replies,
 * paired by transactionId; the Link2 page makes the browser itself a hub on the broker.
 */

/** What a raw message may be sent to: a hub (its numeric id) or the server's channel operations. */
export const RAW_SERVER_TARGET = 'server';
export const RawTargetSchema = Type.String({
  pattern: '^(server|[0-9]{1,16})$',
  description: "A hub id, or 'server' for the channel operations (authenticate, channels, linkDirect…)",
});

/** A class or operation travels in NATS subjects: one token, no separators or wildcards. */
const Token = Type.String({ pattern: '^[A-Za-z0-9_-]{1,60}$' });

/** The hub message envelope (§3) as the raw channel accepts it: the spec's fields, bounded. */
export const RawEnvelopeSchema = Type.Object(
  {
    version: Type.String({ minLength: 1, maxLength: 20 }),
    transactionId: Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
    senderId: Type.String({ minLength: 1, maxLength: 120 }),
    direction: Type.Union([Type.Literal('request'), Type.Literal('response'), Type.Literal('notification')]),
    class: Token,
    operation: Token,
    items: Type.Array(HubMessageItemSchema, { maxItems: 100 }),
  },
  { additionalProperties: false },
);

/** Frames of the raw channel, beside the live-panel frames of `ws.ts`. */
export const RawFrameSchema = Type.Union([
  Type.Object(
    {
      type: Type.Literal('raw'),
      to: RawTargetSchema,
      message: RawEnvelopeSchema,
      correlationId: Type.Optional(
        Type.String({
          pattern: CORRELATION_ID_PATTERN,
          description:
            'The command waterfall: names this send (the gateway makes one when absent); the raw-reply carries it back',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      type: Type.Literal('link2-open'),
      firmwareVersion: Type.String({ pattern: '^[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,4}$' }),
      configNumber: Type.Integer({ minimum: 0 }),
      factoryConfig: Type.Integer({ minimum: 0 }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      type: Type.Literal('link2-send'),
      message: RawEnvelopeSchema,
    },
    { additionalProperties: false },
  ),
  Type.Object({ type: Type.Literal('link2-close') }, { additionalProperties: false }),
  Type.Object(
    {
      type: Type.Literal('user-auth'),
      token: Type.String({ minLength: 1, maxLength: 8192, description: 'A customer access token' }),
      admin: Type.Optional(
        Type.Boolean({
          description:
            'The admin channel console: the token must be an admin’s; the channel is then authenticated, not the customer’s',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Object({ type: Type.Literal('user-close') }, { additionalProperties: false }),
]);
export type RawFrame = Static<typeof RawFrameSchema>;
export const RAW_FRAME_TYPES = [
  'raw',
  'link2-open',
  'link2-send',
  'link2-close',
  'user-auth',
  'user-close',
] as const;

/** How a raw message went: only `reply` tells what the far side did; `timeout` is never retried. */
export type RawOutcome = 'reply' | 'timeout' | 'unreachable' | 'unreadable' | 'refused';

export type RawServerFrame =
  | {
      type: 'raw-reply';
      to: string;
      transactionId: number | null;
      /** The send's correlation id (command waterfall): its stages are served by it. */
      correlationId?: string;
      outcome: RawOutcome;
      statusCode?: number;
      error?: string;
      durationMs?: number;
      message?: HubMessage;
    }
  | { type: 'link2-opened'; hubId: number; handlerId: string }
  | { type: 'link2-request'; message: HubMessage; from: string }
  | { type: 'link2-closed'; reason: string }
  | { type: 'user-authed'; userId: string; email: string; admin?: boolean }
  | { type: 'user-closed'; reason: string };

/**
 * Who a user channel (/socket-users) speaks as once its customer token is authenticated: every raw
 * message of that socket is then the customer's, answered only within the customer's structures.
 */
export const RawCustomerSchema = Type.Object(
  { userId: Type.String({ minLength: 1, maxLength: 100 }), email: Type.String({ maxLength: 254 }) },
  { additionalProperties: false },
);
export type RawCustomer = Static<typeof RawCustomerSchema>;

/** Defaults of the Link2 simulator page (§2): firmware 0.0.42, config 1, factory config 1. */
export const LINK2_DEFAULTS = { firmwareVersion: '0.0.42', configNumber: 1, factoryConfig: 1 } as const;
/** Browser hubs get ids in their own range, far from the fleet's 0xbc…: 0xf2000000 + 24 random bits. */
export const LINK2_HUB_ID_BASE = 0xf2000000;

/** Limits of the raw channel (gateway config defaults; the spec's client constants are in §9). */
export const RAW_LIMITS = {
  maxBytes: 16 * 1024,
  perSocketPerSecond: 10,
  perSocketBurst: 20,
  perUserPerSecond: 20,
  perUserBurst: 40,
} as const;

/** Client-side constants of the engineering consoles (§9). */
export const ENGINEERING = {
  firmwareChunkChars: 100,
  firmwareChunkDelayMs: 200,
  automationReadDelayMs: 200,
  logTrim: { at: 100, to: 50 },
  adminLogTrim: { at: 20, to: 10 },
  linkDirectLogTrim: { at: 40, to: 20 },
  itemsPerPage: 10,
  previousSent: 5,
  /** The user channel keeps more sent messages (§9: 15 for users). */
  previousSentUsers: 15,
  /** Send Multiple and the Payloads panel: one message a second. */
  batchSendDelayMs: 1000,
  /** Read All / Write All: a feature every 250 ms. */
  featureAllDelayMs: 250,
  /** Write Loop (0/1): a write every 1.5 s. */
  writeLoopMs: 1500,
  replyList: 10,
  storedEntryMaxChars: 1000,
} as const;

/** Operations of the server target; the classes and operations as the consoles send them (§7). */
export const RAW_SERVER_OPERATIONS = classOperations({
  authenticate: 'server authenticate',
  channelsList: 'channels list',
  channelsGet: 'channels get',
  firmwareAdd: 'firmware add',
  channelsSubscribe: 'channels subscribe',
  channelsUnsubscribe: 'channels unsubscribe',
  channelsSubscribeAll: 'channels subscribe-all',
  channelsUnsubscribeAll: 'channels unsubscribe-all',
  linkDirect: 'linkDirect send',
  firmwareRelease: 'firmware release',
  firmwareRunningState: 'firmware runningState',
  channelsListAll: 'channels listAll',
  streamObjectsActive: 'server streamObjectsActive',
  cacheState: 'server cacheState',
  stats: 'server stats',
  banHost: 'server banHost',
});

/**
 * What a user channel's messages are (§2 user channel templates): the server answers who the
 * channel is (Test Auth), the user's hierarchy and discovery, a device's stored record and a product's releases; every other message
 * goes to the hub holding the device or feature it names (payload featureId, deviceId or linkId).
 */
export const RAW_USER_OPERATIONS = classOperations({
  authenticate: 'server authenticate',
  hierarchy: 'user hierarchy',
  discovery: 'user discovery',
  deviceReadDb: 'device readDb',
  productRead: 'firmware productRead',
});

/** The server's answer to a raw message: the request's transactionId, class and operation. */
export function serverReply(
  request: HubMessage,
  payload: Record<string, unknown>,
  success = true,
): HubMessage {
  return {
    version: HUB_PROTOCOL_VERSION,
    transactionId: request.transactionId,
    senderId: RAW_SERVER_TARGET,
    direction: 'response',
    class: request.class,
    operation: request.operation,
    items: [{ itemId: request.items[0]?.itemId ?? 0, payload, success }],
  };
}

/** Channel operations the gateway answers itself (they change what this socket watches). */
export const SOCKET_CHANNEL_OPERATIONS = ['subscribe', 'unsubscribe', 'subscribe-all', 'unsubscribe-all'];

const DEV: readonly Role[] = ['dev'];
const LINK_DIRECT: readonly Role[] = ['dev', 'linkDirect'];

/** What the Link Direct page sends (§2): its messages, the channels, who it is, firmware (DB). */
const LINK_DIRECT_OPERATIONS = ['linkDirect.send', 'channels.*', 'server.authenticate', 'firmware.add'];

/** Who may send a raw message: dev for everything, the linkDirect role for Link Direct (§6). */
export function rawAccess(to: string, cls: string, operation: string): Access {
  const linkDirect =
    LINK_DIRECT_OPERATIONS.includes(`${cls}.${operation}`) || LINK_DIRECT_OPERATIONS.includes(`${cls}.*`);
  if (to === RAW_SERVER_TARGET && linkDirect) return LINK_DIRECT;
  return DEV;
}

/** What the raw channel says, the same in the gateway, hub-control and the consoles. */
export const RAW_TEXT = {
  notRaw: 'That frame is not part of the raw channel.',
  tooBig: (bytes: number, max: number) =>
    `That message is ${bytes} bytes; the raw channel takes at most ${max} bytes.`,
  tooFastSocket: (perSecond: number) =>
    `Too many raw messages from this channel; at most ${perSecond} a second. The message was not sent.`,
  tooFastUser: (perSecond: number) =>
    `Too many raw messages from your user; at most ${perSecond} a second across your channels. The message was not sent.`,
  role: 'Your roles do not allow this raw-channel operation.',
  notRequest: 'A message to a hub must be a request.',
  unknownServerOp: (cls: string, op: string) => `The server has no operation ${cls}.${op}.`,
  timeout: 'No reply from the link in time; the outcome is unknown — check the link before retrying.',
  link2NotOpen: 'This channel is not a Link2 hub; open it first.',
  link2NoRequest: (tx: number) => `No request with transactionId ${tx} is waiting for a reply.`,
  link2Twice: 'This channel is already a Link2 hub.',
  firmwareHeader: 'Firmware add message needs manufacturerCode, version and productCode.',
  firmwareData: 'File has no data or JSON object with data or items[0].payload.fragmentData.',
  releaseNeeds: 'A firmware release needs productCode and version (x.y.z).',
  releaseMissing: (missing: readonly number[], count: number | null) =>
    count === null
      ? 'No fragments of that firmware are stored; add them first (Firmware Template).'
      : `Fragments missing before a release: ${missing.join(', ')} of ${count}.`,
  banNeedsHost: 'Ban Host needs a host: an IPv4 or IPv6 address.',
  banned: 'This host is banned from the raw channel.',
  userAuthFailed: 'Websocket Auth failed',
  notAdminToken: 'That token is not an admin’s: the admin channel needs an admin token.',
  userClosed: 'Channel closed, you will need to re-auth.',
  notUsers: 'Not one of this customer’s devices, features or links; the message was not sent.',
  noTarget: 'Name the featureId, deviceId or linkId the message is for.',
  unknownDestination: (server: string) =>
    `${server || 'That server'} is not a deployment this console knows; choose a destination from the list.`,
} as const;

/** The audit event of one raw message (subject `audit.raw-channel`, stream AUDIT). */
export interface RawChannelAudit {
  kind: 'raw-channel';
  staff: { userId: string; email: string; name: string };
  target: string;
  class: string;
  operation: string;
  direction: string;
  transactionId: number;
  outcome: RawOutcome;
  statusCode: number | null;
  durationMs: number;
  requestId: string;
  /** The address the message came from (as the gateway saw it). */
  host?: string;
  /** The payload of a Ban Host: which host was banned or let back in. */
  detail?: Record<string, unknown>;
  /** On a user channel: the customer the engineer spoke as. */
  customer?: RawCustomer;
  /** The send's command waterfall id (when it came through the gateway). */
  correlationId?: string;
  at: number;
}

/** Body of the raw operation (gateway → hub-control) and its answer. */
export const RawSendBodySchema = Type.Object(
  {
    to: RawTargetSchema,
    message: RawEnvelopeSchema,
    /** Sent as this customer (a user channel). */
    customer: Type.Optional(RawCustomerSchema),
  },
  { additionalProperties: false },
);
export const RawSendResultSchema = Type.Object({
  outcome: Type.Union([
    Type.Literal('reply'),
    Type.Literal('timeout'),
    Type.Literal('unreachable'),
    Type.Literal('unreadable'),
  ]),
  durationMs: Type.Number(),
  message: Type.Optional(Type.Unknown({ description: 'The reply envelope, paired by transactionId' })),
  error: Type.Optional(Type.String()),
});
export type RawSendResult = Static<typeof RawSendResultSchema>;
