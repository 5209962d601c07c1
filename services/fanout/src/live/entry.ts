import type { LiveEventKind, LiveMessageMeta } from '@console/contracts';
import { jsonObjectOf } from '@console/kit';
import { clientTypeOf } from './client-type.ts';

/** One event as the fan-out holds it: serialised once, shared by every watcher and the ring. */
export interface LiveEntry {
  offset: number;
  kind: LiveEventKind;
  meta?: LiveMessageMeta;
  /** The LiveEvent as JSON, exactly what goes into an `events` frame. */
  json: string;
  malformed: boolean;
  /** Lower-cased json, made on first use by a free-text filter. */
  lower?: string;
}

export interface RawEvent {
  epoch: string;
  offset: number;
  subject: string;
  at: number;
  data: Uint8Array;
}

const EXCERPT = 200;
const decoder = new TextDecoder();

/**
 * Builds the entry. The payload must be a JSON object; it is embedded as received (it parsed, so
 * it is valid JSON) rather than stringified again. Anything else is kept as a `malformed` event
 * with an excerpt, so support sees that a hub sent garbage and offsets stay contiguous.
 */
export function toEntry(
  raw: RawEvent,
  kind: LiveEventKind,
  describe?: (body: Record<string, unknown>) => LiveMessageMeta,
): LiveEntry {
  const text = decoder.decode(raw.data);
  const body = jsonObjectOf(text);
  // A malformed hub message still has its direction, class and operation in the subject.
  const meta = describe?.(body ?? {});
  const head = {
    epoch: raw.epoch,
    offset: raw.offset,
    subject: raw.subject,
    at: raw.at,
    kind,
    ...(meta ? { meta } : {}),
    ...(body ? {} : { malformed: text.slice(0, EXCERPT) }),
  };
  const json = `${JSON.stringify(head).slice(0, -1)},"data":${body ? text : 'null'}}`;
  return { offset: raw.offset, kind, ...(meta ? { meta } : {}), json, malformed: body === null };
}

/**
 * Reads `<prefix>.hub.<id>.msg.<direction>.<class>.<operation>` or `<prefix>.hub.<id>.presence`
 * (prefix without its trailing dot; '' for none).
 */
export function hubEntry(raw: RawEvent, prefix: string): LiveEntry {
  const tokens = (prefix ? raw.subject.slice(prefix.length + 1) : raw.subject).split('.');
  const hubId = tokens[1] ?? '';
  if (tokens[2] !== 'msg') return toEntry(raw, 'presence');
  const [direction = '', cls = '', operation = ''] = tokens.slice(3);
  return toEntry(raw, 'message', (body) => ({
    direction,
    class: cls,
    operation,
    clientType: clientTypeOf(body, hubId, direction),
  }));
}
