import type { TopicFilter } from '@console/contracts';
import { compileFilter } from '@console/kit';
import type { LiveEntry } from './entry.ts';

export type EntryFilter = (entry: LiveEntry) => boolean;

/**
 * A subscription's server-side filter (the kit's one rule), or null when it lets everything
 * through (then the watcher shares the topic's pre-built frame). Free text is matched against the
 * serialised event, lower-cased once per entry on first use.
 */
export function entryFilter(filter: TopicFilter | undefined): EntryFilter | null {
  return compileFilter<LiveEntry>(filter, (entry) => {
    entry.lower ??= entry.json.toLowerCase();
    return entry.lower;
  });
}
