/** The depths a details dialog opens JSON to (seed 001 §2 "Dialogs": open depth 1 to 5). */
export const JSON_DEPTHS = [1, 2, 3, 4, 5] as const;

/**
 * A value with everything deeper than `depth` levels folded into a short summary string
 * ("{…3 keys}", "[…12 items]"), so a deep record reads at a glance and opens level by level.
 */
export function foldDepth(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (depth <= 0) return `[…${value.length} items]`;
    return value.map((v) => foldDepth(v, depth - 1));
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (depth <= 0) return `{…${entries.length} keys}`;
  return Object.fromEntries(entries.map(([k, v]) => [k, foldDepth(v, depth - 1)]));
}
