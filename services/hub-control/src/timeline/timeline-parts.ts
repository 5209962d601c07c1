import {
  clientTypeOf,
  encodeCursor,
  streamKey,
  type TimelineEntry,
  type TimelinePosition,
  type TopicFilter,
} from '@console/contracts';
import { compileFilter, jsonObjectOf } from '@console/kit';
import type { StreamInfo } from '@nats-io/jetstream';

/** The timeline's shared shapes and pure helpers: queries, windows, page context, entry makers. */

/** What the console's filters ask (the live monitor's, shared). */
export type TimelineFilter = TopicFilter;

export interface TimelineQuery {
  hubId: number;
  before?: string;
  after?: string;
  limit: number;
  filter: TimelineFilter;
  focus?: { epoch?: string; seq?: number; at?: number };
  now?: number;
  /**
   * The newest entries of the hub stream alone (with its gaps): the stored records, which cost
   * FerretDB a scan of the hub's records per source, are not read. The console shows this while
   * the whole first page loads; it has no cursors.
   */
  streamOnly?: boolean;
}

export type Direction = 'older' | 'newer';

/** One source's part of a page: its entries beyond the cursor in the page's direction, nearest first. */
export interface Window {
  cursor: TimelinePosition;
  direction: Direction;
  /** The oldest time the timeline covers. */
  from: number;
  limit: number;
}

export interface StoredMessage {
  seq: number;
  subject: string;
  at: number;
  data: Uint8Array;
}

export interface AnnotationDoc {
  _id: import('mongodb').ObjectId;
  hubId: number;
  from: Date;
  to: Date;
  text: string;
  staff: { userId: string; email: string; name: string };
  createdDate: Date;
}

export interface PageContext {
  hubId: number;
  rootGroupId: string | null;
  info: StreamInfo;
  from: number;
  now: number;
  /** The newest page, or a newer one: stored records are read from the store, not a snapshot. */
  fresh: boolean;
  match: (e: TimelineEntry) => boolean;
}

const decoder = new TextDecoder();
export const iso = (ms: number) => new Date(ms).toISOString();
export const time = (d: unknown): number =>
  d instanceof Date ? d.getTime() : typeof d === 'string' ? Date.parse(d) : NaN;

export function streamFirstTime(info: StreamInfo): number {
  if (info.state.messages === 0) return info.state.last_ts ? Date.parse(info.state.last_ts) : 0;
  const t = Date.parse(info.state.first_ts);
  return Number.isFinite(t) ? t : 0;
}

export function streamEntry(r: StoredMessage, hubId: number): TimelineEntry {
  const text = decoder.decode(r.data);
  const body = jsonObjectOf(text);
  const tokens = r.subject.split('.');
  const presence = tokens.at(-1) === 'presence';
  if (presence) {
    const connected = body?.connected === true;
    const reason = typeof body?.reason === 'string' ? ` (${body.reason})` : '';
    return {
      key: streamKey(r.seq),
      source: 'presence',
      at: r.at,
      seq: r.seq,
      title: connected ? 'Connected' : `Disconnected${reason}`,
      connected,
      data: body ?? { malformed: text.slice(0, 200) },
    };
  }
  const i = tokens.lastIndexOf('msg');
  const [direction = '', cls = '', operation = ''] = tokens.slice(i + 1);
  return {
    key: streamKey(r.seq),
    source: 'message',
    at: r.at,
    seq: r.seq,
    title: `${direction} ${cls}.${operation}${body ? '' : ' (malformed)'}`,
    meta: {
      direction,
      class: cls,
      operation,
      clientType: clientTypeOf(body ?? {}, String(hubId), direction),
    },
    data: body ?? { malformed: text.slice(0, 200) },
  };
}

export function outcomeWord(state: string, success: boolean | null): string {
  if (state === 'replied') return success === false ? 'failed' : 'success';
  if (state === 'timedOut') return 'no reply in time (outcome unknown)';
  if (state === 'sent') return 'sent (outcome unknown)';
  return state === 'failed' || success === false ? 'failed' : state;
}

/** Mongo values as JSON a browser reads (dates as ISO text, ids as hex). */
export function plain(doc: unknown): unknown {
  return JSON.parse(JSON.stringify(doc));
}

export function runsOf(sorted: number[]): { first: number; last: number }[] {
  const out: { first: number; last: number }[] = [];
  for (const s of [...sorted].sort((a, b) => a - b)) {
    const last = out.at(-1);
    if (last && s === last.last + 1) last.last = s;
    else out.push({ first: s, last: s });
  }
  return out;
}

export function cursorOf(e: TimelineEntry | undefined): string | null {
  return e ? encodeCursor(e) : null;
}

export function focusKey(
  entries: TimelineEntry[],
  seq: number | null,
  at: number,
  found: boolean,
): string | null {
  if (found && seq !== null) return streamKey(seq);
  // The nearest kept stream entry in time (else any entry).
  const pool = entries.filter((e) => e.seq !== undefined);
  let best: TimelineEntry | null = null;
  for (const e of pool.length > 0 ? pool : entries)
    if (!best || Math.abs(e.at - at) < Math.abs(best.at - at)) best = e;
  return best?.key ?? null;
}

/** The live monitor's filter (the kit's one rule) over timeline entries, free text read in their JSON. */
export function timelineMatch(f: TimelineFilter): (e: TimelineEntry) => boolean {
  return compileFilter<TimelineEntry>(f, (e) => JSON.stringify(e).toLowerCase()) ?? (() => true);
}
