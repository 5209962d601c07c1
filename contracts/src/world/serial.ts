/** The label the Devices tab shows on a device whose serial is from the bad batch (Support Plus spec §5). */
export const BAD_BATCH_LABEL = 'Serial is from L42MK3 initial batch';

// BC2B2, one hex digit 5–9 or A–D, two hex digits: the whole serial (surrounding spaces aside), so a
// longer serial that merely contains the pattern is not flagged.
const BAD_BATCH = /^BC2B2[5-9A-D][0-9A-F]{2}$/i;

/** Whether a device serial is from the L42MK3 initial batch. */
export function isBadBatchSerial(serial: string | null | undefined): boolean {
  return typeof serial === 'string' && BAD_BATCH.test(serial.trim());
}

/** Major and minor of a firmware version such as "6.5", "v6.10" or "3.38.0"; null when unreadable. */
export function firmwareMajorMinor(version: string | null | undefined): [number, number] | null {
  if (typeof version !== 'string') return null;
  const m = /^\s*v?(\d+)(?:\.(\d+))?/i.exec(version);
  if (!m) return null;
  return [Number(m[1]), Number(m[2] ?? 0)];
}

/**
 * The firmware warning flag. The specification words it "below 6.6 (major below 6 or minor below 6)";
 * read literally the parenthesis would flag 7.2, so this follows the version order: below 6.6 means
 * major below 6, or major 6 and minor below 6. An unreadable version raises no flag.
 */
export function firmwareBelow66(version: string | null | undefined): boolean {
  const mm = firmwareMajorMinor(version);
  if (!mm) return false;
  const [major, minor] = mm;
  return major < 6 || (major === 6 && minor < 6);
}
