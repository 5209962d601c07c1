import { CLIENT_TYPES } from './hub-message.ts';

const known = new Set<string>(CLIENT_TYPES);

/**
 * Which kind of client a hub message belongs to, for the monitor's client-type filter:
 * 1. the envelope's own `clientType` when it is one of CLIENT_TYPES;
 * 2. `link2` when the sender is the hub itself (its hub id);
 * 3. the first part of a handlerId-style sender, `type.clientId.deviceId` (seed 001 §3), when known;
 * 4. no sender at all (or a malformed message): by direction, since a hub answers and notifies
 *    (`link2`) and is asked by others (`server`);
 * 5. otherwise `server`: console services and workers talk to hubs as the server.
 */
export function clientTypeOf(envelope: Record<string, unknown>, hubId: string, direction: string): string {
  const declared = envelope.clientType;
  if (typeof declared === 'string' && known.has(declared)) return declared;
  const sender = envelope.senderId;
  const senderId = typeof sender === 'number' ? String(sender) : typeof sender === 'string' ? sender : '';
  if (senderId === hubId) return 'link2';
  const head = senderId.split('.', 1)[0] ?? '';
  if (senderId.includes('.') && known.has(head)) return head;
  if (senderId === '') return direction === 'request' ? 'server' : 'link2';
  return 'server';
}
