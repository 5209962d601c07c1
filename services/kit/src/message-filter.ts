import type { LiveMessageMeta, TopicFilter } from '@console/contracts';

/** What a filter reads of a hub message (presence, heartbeats, gaps and counts have none). */
type FilterMeta = Pick<LiveMessageMeta, 'clientType' | 'class' | 'operation'>;

/**
 * The live monitor's filter, the one rule for the fan-out's topics and hub-control's timeline:
 * client types, classes and operations narrow hub messages only; free text is matched,
 * case-insensitively, against the whole entry (`lowerText`, lower-cased), whatever its kind.
 * Null when the filter lets everything through.
 */
export function compileFilter<E extends { meta?: FilterMeta }>(
  filter: TopicFilter | undefined,
  lowerText: (entry: E) => string,
): ((entry: E) => boolean) | null {
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
    return !text || lowerText(entry).includes(text);
  };
}
