import type { HubMessage } from '@console/contracts';
import { request } from './templates.ts';

/** What the user channel knows of its customer, from a `user hierarchy` answer. */
export interface UserHierarchy {
  userId: string;
  structures: {
    rootGroupId: string;
    name: string;
    levels: string[];
    hubs: number[];
    devices: { deviceId: string; name: string; productCode: string; linkId: number }[];
    features: { featureId: string; name: string; type?: string; deviceId: string }[];
  }[];
}

/** The picks the templates fill in: a link, a device, a feature, and a feature type with a value. */
export interface UserPicks {
  linkId: number | null;
  deviceId: string;
  productCode: string;
  featureId: string;
  value: number;
}

type Build = (p: UserPicks) => [cls: string, operation: string, payload: Record<string, unknown>];

/**
 * The user channel page's templates (analytics spec §2 user channel), in the spec's order: every
 * one goes to the server, which answers it from the customer's records or passes it to the hub
 * holding the named link, device or feature.
 */
export const USER_TEMPLATES: readonly (readonly [label: string, build: Build])[] = [
  ['Basic', (p) => ['system', 'read', { linkId: p.linkId ?? 0 }]],
  ['Device Read', (p) => ['firmware', 'read', { deviceId: p.deviceId, notForGeneralRelease: false }]],
  ['Product Read', (p) => ['firmware', 'productRead', { productCode: p.productCode }]],
  [
    'Update',
    (p) => ['firmware', 'update', { deviceId: p.deviceId, releaseId: '', productCode: p.productCode }],
  ],
  ['Hierarchy', () => ['user', 'hierarchy', {}]],
  ['Discovery', () => ['user', 'discovery', {}]],
  [
    'Automation Add',
    (p) => ['automation', 'add', { linkId: p.linkId ?? 0, name: 'New automation', script: '' }],
  ],
  ['Device Add', (p) => ['device', 'add', { linkId: p.linkId ?? 0, productCode: '' }]],
  ['Add 2W V2', (p) => ['device', 'add', { linkId: p.linkId ?? 0, productCode: '', protocol: '2W-V2' }]],
  ['Read (DB)', (p) => ['device', 'readDb', { deviceId: p.deviceId }]],
  ['Feature Read', (p) => ['feature', 'read', { featureId: p.featureId }]],
  ['Feature Write', (p) => ['feature', 'write', { featureId: p.featureId, value: p.value }]],
];

/** One template's envelope from this page. */
export function userMessage(senderId: string, build: Build, picks: UserPicks): HubMessage {
  const [cls, operation, payload] = build(picks);
  return request(senderId, cls, operation, payload);
}

/** A feature read or write (Read All, Write All, Write Loop). */
export const featureMessage = (senderId: string, featureId: string, value?: number): HubMessage =>
  value === undefined
    ? request(senderId, 'feature', 'read', { featureId })
    : request(senderId, 'feature', 'write', { featureId, value });

/** The customer's features of one type, across their structures (Read All / Write All). */
export function featuresOfType(h: UserHierarchy | null, type: string): string[] {
  return (h?.structures ?? []).flatMap((s) =>
    s.features.filter((f) => f.type === type).map((f) => f.featureId),
  );
}

/**
 * The Payloads panel's serial payloads: one JSON object a line, each sent as the payload of the
 * message in the send box. A line that is not an object says which.
 */
export function parsePayloads(text: string): { payloads: Record<string, unknown>[] } | { error: string } {
  const payloads: Record<string, unknown>[] = [];
  const lines = text.split('\n').filter((l) => l.trim());
  for (const [i, line] of lines.entries()) {
    try {
      const v = JSON.parse(line) as unknown;
      if (typeof v !== 'object' || v === null || Array.isArray(v))
        return { error: `Line ${i + 1} is not a JSON object.` };
      payloads.push(v as Record<string, unknown>);
    } catch {
      return { error: `Line ${i + 1} is not JSON.` };
    }
  }
  if (!payloads.length) return { error: 'No payloads to send.' };
  return { payloads };
}
