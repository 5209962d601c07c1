/**
 * Link Plus hub ids are numbers; staff also read and type them in hex (the hub card shows both).
 * Search reads an 8-character term starting with 'bc' (any case) as a hex hub id (Support Plus spec §5).
 */
export function hubIdFromSearch(term: string | null | undefined): number | null {
  if (typeof term !== 'string') return null;
  const t = term.trim();
  if (!/^bc[0-9a-f]{6}$/i.test(t)) return null;
  return Number.parseInt(t, 16);
}

/**
 * A hub id in lower-case hex, as the hub card shows it beside the number: the one way every service
 * and screen writes it. A bigint serves ids typed on a screen that may exceed a safe number.
 */
export function hubIdHex(id: number | bigint): string {
  if (typeof id === 'number' && !Number.isSafeInteger(id)) throw new RangeError(`not a hub id: ${id}`);
  if (id < 0) throw new RangeError(`not a hub id: ${id}`);
  return id.toString(16);
}
