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
 *
 * An entry may sit in a topic's ring for minutes, so it is kept small: its JSON is one flat
 * string (not a tree of the pieces it was joined from), and its meta is shared with every other
 * entry of the same kind (`sharedMeta`).
 */
export function toEntry(
  raw: RawEvent,
  kind: LiveEventKind,
  describe?: (body: Record<string, unknown>) => LiveMessageMeta,
): LiveEntry {
  const text = decoder.decode(raw.data);
  const body = jsonObjectOf(text);
  // A malformed hub message still has its direction, class and operation in the subject.
  const meta = describe ? sharedMeta(describe(body ?? {})) : undefined;
  // The keys in the order JSON.stringify of {epoch, offset, subject, at, kind, meta?, malformed?} gives.
  const json = flat(
    `{"epoch":${JSON.stringify(raw.epoch)},"offset":${raw.offset},"subject":${JSON.stringify(raw.subject)}` +
      `,"at":${raw.at},"kind":${JSON.stringify(kind)}${meta ? `,"meta":${meta.json}` : ''}` +
      `${body ? '' : `,"malformed":${JSON.stringify(text.slice(0, EXCERPT))}`},"data":${body ? text : 'null'}}`,
  );
  // Every field set here, in one order: all entries share one shape (`lower` is set by filters).
  return { offset: raw.offset, kind, meta: meta?.meta, json, malformed: body === null, lower: undefined };
}

/**
 * The string as one flat run of characters. A string joined from pieces is a tree in V8 (a cons
 * string) that keeps every piece alive, and the whole strings that pieces were sliced from: a
 * bench hub event of 399 characters took 773 bytes of heap that way, 511 flat with a shared meta.
 * Re-decoding its UTF-8 makes one flat copy (exact: every piece is well-formed, decoded or
 * JSON-escaped), about a microsecond per event.
 */
function flat(s: string): string {
  return decoder.decode(Buffer.from(s));
}

const MAX_SHARED_META = 10_000;
const metas = new Map<string, { meta: LiveMessageMeta; json: string }>();

/**
 * One meta object (and its JSON) per distinct direction, class, operation and client type, shared
 * by every entry that has it: there are few of them. Past `MAX_SHARED_META` distinct ones (hubs
 * inventing classes), new ones are made per entry instead.
 */
function sharedMeta(meta: LiveMessageMeta): { meta: LiveMessageMeta; json: string } {
  const key = `${meta.direction}\n${meta.class}\n${meta.operation}\n${meta.clientType}`;
  const known = metas.get(key);
  if (known) return known;
  const made = { meta: Object.freeze(meta), json: JSON.stringify(meta) };
  if (metas.size < MAX_SHARED_META) metas.set(key, made);
  return made;
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
