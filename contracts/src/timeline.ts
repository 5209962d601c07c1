import type { TopicFilter } from './ws.ts';

/**
 * The hub timeline (issue 17, items 1 and 3): one time-ordered list of everything about a hub.
 * What the server and the console share: the sources, the order of entries, the page cursor and
 * the words of a link to a moment.
 */
export const TIMELINE_SOURCES = [
  'message',
  'presence',
  'action',
  'note',
  'sync',
  'firmware',
  'annotation',
  'gap',
] as const;
export type TimelineSource = (typeof TIMELINE_SOURCES)[number];

export const TIMELINE = {
  /** How far back the timeline reaches (the hub stream keeps 24 hours). */
  spanMs: 24 * 3600_000,
  pageDefault: 200,
  pageMax: 500,
  annotationMaxChars: 500,
  /** An annotation covers at most this long a range. */
  annotationMaxSpanMs: 24 * 3600_000,
  annotationDeleteConfirmation: 'delete',
} as const;

export const TIMELINE_TEXT = {
  removed:
    'This entry is no longer kept (retention removed it); the timeline opens at the nearest kept entry.',
  epochChanged:
    'The hub stream was re-created since this link was made, so its positions no longer match; the timeline opens at the nearest kept entry by time.',
  notThisHub:
    'That stream position holds a message of another hub; the timeline opens at the nearest entry of this hub.',
  wrongConfirmation: 'Wrong Confirmation',
  badRange: 'An annotation needs a start before (or equal to) its end, at most 24 hours apart.',
  noAnnotation: 'No such annotation on this hub.',
} as const;

/**
 * Entries are ordered by time, then by key (both newest first on the screen). A cursor is the
 * (at, key) of the last entry a page held; the next page starts strictly after it.
 */
export interface TimelinePosition {
  at: number;
  key: string;
}

/** a comes after b (is newer) in timeline order. */
export function newer(a: TimelinePosition, b: TimelinePosition): boolean {
  return a.at > b.at || (a.at === b.at && a.key > b.key);
}

/** Sorts newest first. */
export function byTimelineOrder(a: TimelinePosition, b: TimelinePosition): number {
  if (a.at !== b.at) return b.at - a.at;
  return a.key < b.key ? 1 : a.key > b.key ? -1 : 0;
}

/** A stream entry's key: the stream sequence, zero-padded so keys sort as the sequences do. */
export function streamKey(seq: number): string {
  return `s${String(seq).padStart(16, '0')}`;
}

/** Cursor text: `<at>` (every entry at that millisecond counts as after it) or `<at>.<key>`. */
export const CURSOR_PATTERN = '^[0-9]{1,15}(\\.[a-z][A-Za-z0-9:_-]{0,80})?$';

export function encodeCursor(p: TimelinePosition): string {
  return `${p.at}.${p.key}`;
}

/** A bare time is the end of that millisecond: older pages include it, newer pages start after it. */
export function decodeCursor(text: string): TimelinePosition {
  const dot = text.indexOf('.');
  if (dot < 0) return { at: Number(text), key: '~' };
  return { at: Number(text.slice(0, dot)), key: text.slice(dot + 1) };
}

/** A link to a moment: which hub, which history (epoch) and position, when, and the filters. */
export interface MomentLink {
  hubId: string;
  epoch: string;
  seq: number;
  at: number;
  filter: TopicFilter;
}

const list = (v: string[] | undefined) => (v && v.length > 0 ? v.join(',') : undefined);

/** The search part of `/supportPlus/hub/<id>/timeline` for a moment (filters as comma lists). */
export function momentSearch(link: Omit<MomentLink, 'hubId'>): Record<string, string> {
  const out: Record<string, string> = { epoch: link.epoch, seq: String(link.seq), at: String(link.at) };
  const f = link.filter;
  const parts = {
    clientTypes: list(f.clientTypes),
    classes: list(f.classes),
    operations: list(f.operations),
    text: f.text?.trim() || undefined,
  };
  for (const [k, v] of Object.entries(parts)) if (v) out[k] = v;
  return out;
}

export function momentPath(link: MomentLink): string {
  const q = new URLSearchParams(momentSearch(link));
  return `/supportPlus/hub/${encodeURIComponent(link.hubId)}/timeline?${q.toString()}`;
}

/** The hub a stream subject belongs to: `<prefix>.hub.<id>.msg…` or `…presence`. */
export function hubOfSubject(subject: string): string | null {
  const m = /(?:^|\.)hub\.([^.]+)\.(?:msg\.|presence$)/.exec(subject);
  return m ? (m[1] ?? null) : null;
}
