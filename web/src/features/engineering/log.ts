import { ENGINEERING, type HubMessage } from '@console/contracts';

/** Where a logged line came from: sent by this page, a reply or frame received, hub traffic, or a note. */
export type LogSource = 'out' | 'in' | 'event' | 'error' | 'info' | 'debug';

/** One line of a console log (spec §3 "Log record (console)", reduced to what is shown). */
export interface LogRecord {
  id: number;
  created: number;
  source: LogSource;
  /** The hub or 'server' a message went to, or the hub whose traffic this is (its handler). */
  handlerId?: string;
  msg?: Partial<HubMessage>;
  /** For replies: the transactionId they answer and how it went. */
  outcome?: string;
  text?: string;
  /** A raw send's correlation id (and its reply's): its command waterfall is found by it. */
  correlationId?: string;
}

export interface LogFilter {
  debug: boolean;
  events: boolean;
  notifications: boolean;
  text: string;
  includeClasses: string[];
  excludeClasses: string[];
  includeOperations: string[];
  excludeOperations: string[];
}

export const NO_FILTER: LogFilter = {
  debug: false,
  events: true,
  notifications: true,
  text: '',
  includeClasses: [],
  excludeClasses: [],
  includeOperations: [],
  excludeOperations: [],
};

/**
 * Whether a line is shown. Debug lines only with Debug, hub traffic only with Events, notifications
 * only with Notifications; then the class/operation filters, where an include overrides an
 * exclude (and, once any include is set, only included lines show); then the free text.
 */
export function shows(r: LogRecord, f: LogFilter): boolean {
  if (r.source === 'debug' && !f.debug) return false;
  if (r.source === 'event' && !f.events) return false;
  if (r.msg?.direction === 'notification' && !f.notifications) return false;
  const cls = r.msg?.class ?? '';
  const op = r.msg?.operation ?? '';
  const included = f.includeClasses.includes(cls) || f.includeOperations.includes(op);
  const hasIncludes = f.includeClasses.length > 0 || f.includeOperations.length > 0;
  if (!included) {
    if (hasIncludes && r.msg) return false;
    if (f.excludeClasses.includes(cls) || f.excludeOperations.includes(op)) return false;
  }
  const needle = f.text.trim().toLowerCase();
  if (!needle) return true;
  return JSON.stringify([r.handlerId, r.text, r.msg, r.outcome]).toLowerCase().includes(needle);
}

/** Adds a line, newest first; past `at` lines the log is cut back to the newest `to` (spec §9). */
export function append(log: LogRecord[], r: LogRecord, trim: { at: number; to: number }): LogRecord[] {
  const next = [r, ...log];
  return next.length > trim.at ? next.slice(0, trim.to) : next;
}

/** The admin log's trim for a chosen maximum: cut back to half of it (20 → 10 by default). */
export function adminTrim(maxRows: number): { at: number; to: number } {
  const at = Math.max(2, Math.floor(maxRows));
  return { at, to: Math.max(1, Math.floor(at / 2)) };
}

export const DEFAULT_TRIM = ENGINEERING.logTrim;

/** One page of a message's items (spec §2 Next, Prev, Show items; §9 10 per page). */
export function itemsPage<T>(items: readonly T[], page: number): { items: T[]; page: number; pages: number } {
  const size = ENGINEERING.itemsPerPage;
  const pages = Math.max(1, Math.ceil(items.length / size));
  const p = Math.min(Math.max(0, page), pages - 1);
  return { items: items.slice(p * size, (p + 1) * size), page: p, pages };
}

/** Splits a comma/space separated list typed in a filter box. */
export function words(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((w) => w.trim())
    .filter(Boolean);
}

let lastId = 0;
/** A fresh record id for this page. */
export function nextLogId(): number {
  lastId += 1;
  return lastId;
}
