import { RawSendBodySchema, RawSendResultSchema } from '../raw-channel.ts';
import { op } from './types.ts';

/**
 * The raw channel's one operation: the gateway forwards each checked raw message of an engineer's
 * socket here (never as an HTTP route: the socket's size and rate limits apply first); hub-control
 * checks the role of the message's operation again, sends it once and leaves an audit event.
 */
export const rawChannelOperations = [
  op({
    id: 'hub-control.rawSend',
    service: 'hub-control',
    method: 'POST',
    path: '/ws/raw',
    transport: 'ws',
    access: ['dev', 'linkDirect'],
    summary: 'One raw hub message envelope to a hub or to the server channel operations',
    tags: ['engineering'],
    body: RawSendBodySchema,
    response: RawSendResultSchema,
  }),
] as const;
