import { HUB_PROTOCOL_VERSION, type HubMessage, RAW_SERVER_TARGET } from '@console/contracts';

/** A send-box template: where it goes and the envelope's class, operation and first payload. */
export interface Template {
  label: string;
  /** 'server', or 'link' for the link id typed in the To box. */
  to: 'server' | 'link';
  class: string;
  operation: string;
  payload: Record<string, unknown>;
}

/** The admin channel page's twelve templates (analytics spec §2), in the spec's order. */
export const ADMIN_TEMPLATES: Template[] = [
  {
    label: 'Firmware Template',
    to: 'server',
    class: 'firmware',
    operation: 'add',
    payload: {
      deviceType: 'link2',
      version: '0.0.1',
      versionControlId: '',
      manufacturerCode: '',
      productCode: 'L2',
    },
  },
  {
    label: 'FM Release',
    to: 'server',
    class: 'firmware',
    operation: 'release',
    payload: { version: '0.0.1', productCode: 'L2' },
  },
  {
    label: 'LinkDirect',
    to: 'server',
    class: 'linkDirect',
    operation: 'send',
    payload: {
      linkId: 0,
      message: { class: 'system', operation: 'read', items: [{ itemId: 0, payload: {} }] },
    },
  },
  { label: 'Get Channel', to: 'server', class: 'channels', operation: 'get', payload: { linkId: 0 } },
  { label: 'Get Channels', to: 'server', class: 'channels', operation: 'list', payload: {} },
  { label: 'List All Channels', to: 'server', class: 'channels', operation: 'listAll', payload: {} },
  {
    label: 'Stream Objects Active',
    to: 'server',
    class: 'server',
    operation: 'streamObjectsActive',
    payload: {},
  },
  { label: 'Cache State', to: 'server', class: 'server', operation: 'cacheState', payload: {} },
  { label: 'Stats', to: 'server', class: 'server', operation: 'stats', payload: {} },
  { label: 'FM Running State', to: 'server', class: 'firmware', operation: 'runningState', payload: {} },
  { label: 'Ban Host', to: 'server', class: 'server', operation: 'banHost', payload: { host: '' } },
  { label: 'Link Sync', to: 'link', class: 'system', operation: 'sync', payload: { forceSync: true } },
];

let lastTx = Math.floor(Date.now() / 1000) * 1000;
/** Transaction ids of this page: fresh for every message, so each reply pairs with one request. */
export function nextTx(): number {
  lastTx += 1;
  return lastTx;
}

/** A request envelope from this console. */
export function request(
  senderId: string,
  cls: string,
  operation: string,
  payload: Record<string, unknown> = {},
  transactionId = nextTx(),
): HubMessage {
  return {
    version: HUB_PROTOCOL_VERSION,
    transactionId,
    senderId,
    direction: 'request',
    class: cls,
    operation,
    items: [{ itemId: 0, payload }],
  };
}

/** The send box text of a template (the envelope as JSON), for a link id when it goes to a link. */
export function templateText(t: Template, senderId: string, linkId: string): { to: string; text: string } {
  const to = t.to === 'server' ? RAW_SERVER_TARGET : linkId;
  const payload =
    t.label === 'LinkDirect'
      ? { ...t.payload, linkId: Number(linkId) || 0, message: request(senderId, 'system', 'read') }
      : t.payload;
  return { to, text: JSON.stringify(request(senderId, t.class, t.operation, payload), null, 2) };
}

/** Send-box text to an envelope, or the reason it cannot be sent (spec §5 texts). */
export function parseSendBox(text: string): { message: HubMessage } | { error: string } {
  if (!text.trim()) return { error: 'No message text to send.' };
  try {
    const parsed = JSON.parse(text) as HubMessage;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      return { error: 'The message must be a JSON object (a hub message envelope).' };
    return { message: parsed };
  } catch (err) {
    return { error: `The message is not JSON: ${(err as Error).message}` };
  }
}

/** Inc. itemId: the next message gets a fresh transactionId and every itemId one higher. */
export function incremented(m: HubMessage): HubMessage {
  return { ...m, transactionId: nextTx(), items: m.items.map((i) => ({ ...i, itemId: i.itemId + 1 })) };
}
