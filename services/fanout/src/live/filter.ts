import type { TopicFilter } from '@console/contracts';
import type { LiveEntry } from './entry.ts';

export type EntryFilter = (entry: LiveEntry) => boolean;

/**
 * A subscription's server-side filter, or null when it lets everything through (then the
 * watcher shares the topic's pre-built frame). Client types, classes and operations narrow hub
 * messages only (presence, heartbeats and counts have none); free text is matched,
 * case-insensitively, against the serialised event, whatever its kind.
 */
export function compileFilter(filter: TopicFilter | undefined): EntryFilter | null {
  if (!filter) return null;
  const set = (values?: string[]) => (values && values.length > 0 ? new Set(values) : null);
  const clientTypes = set(filter.clientTypes);
  const classes = set(filter.classes);
  const operations = set(filter.operations);
  const text = filter.text?.trim().toLowerCase() || null;
  if (!clientTypes && !classes && !operations && !text) return null;
  return (entry) => {
    const meta = entry.meta;
    if (meta) {
      if (clientTypes && !clientTypes.has(meta.clientType)) return false;
      if (classes && !classes.has(meta.class)) return false;
      if (operations && !operations.has(meta.operation)) return false;
    }
    if (text) {
      entry.lower ??= entry.json.toLowerCase();
      if (!entry.lower.includes(text)) return false;
    }
    return true;
  };
}
