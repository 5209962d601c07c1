import type { TopicFilter } from '@console/contracts';

/** `/supportPlus/hub/<id>/timeline?epoch&seq&at&jump&clientTypes&classes&operations&text` */
export interface TimelineSearch {
  /** A link to a moment: the stream's epoch and sequence, and when the entry was. */
  epoch?: string;
  seq?: number;
  at?: number;
  /** Jump to a time (ms): the page opens there. */
  jump?: number;
  clientTypes?: string;
  classes?: string;
  operations?: string;
  text?: string;
}

const int = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^[0-9]{1,16}$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};
const word = (v: unknown, pattern: RegExp, max: number) =>
  typeof v === 'string' && v.length <= max && pattern.test(v) ? v : undefined;
const LIST = /^[A-Za-z0-9_.,-]*$/;

/** Keeps what is well formed; anything else is dropped (the server checks again). */
export function validateTimelineSearch(raw: Record<string, unknown>): TimelineSearch {
  const out: TimelineSearch = {
    epoch: word(raw.epoch, /^[A-Za-z0-9_-]{1,40}$/, 40),
    seq: int(raw.seq),
    at: int(raw.at),
    jump: int(raw.jump),
    clientTypes: word(raw.clientTypes, LIST, 1000),
    classes: word(raw.classes, LIST, 1000),
    operations: word(raw.operations, LIST, 1000),
    text: typeof raw.text === 'string' && raw.text.length <= 200 ? raw.text : undefined,
  };
  return Object.fromEntries(
    Object.entries(out).filter(([, v]) => v !== undefined && v !== ''),
  ) as TimelineSearch;
}

const split = (v?: string) => (v ? v.split(',').filter(Boolean) : undefined);

/** The filters a link carries, as the live monitor holds them. */
export function filterOfSearch(s: TimelineSearch): TopicFilter {
  const f: TopicFilter = {};
  const ct = split(s.clientTypes);
  const cl = split(s.classes);
  const op = split(s.operations);
  if (ct?.length) f.clientTypes = ct;
  if (cl?.length) f.classes = cl;
  if (op?.length) f.operations = op;
  if (s.text?.trim()) f.text = s.text.trim();
  return f;
}
