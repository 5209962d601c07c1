const UNITS: [number, string][] = [
  [365 * 86_400_000, 'year'],
  [30 * 86_400_000, 'month'],
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1000, 'second'],
];

/** A span in the largest whole unit: "3 days", "1 hour", "less than a second". */
export function spanInWords(ms: number): string {
  const abs = Math.abs(ms);
  for (const [size, unit] of UNITS) {
    const n = Math.floor(abs / size);
    if (n >= 1) return `${n} ${unit}${n === 1 ? '' : 's'}`;
  }
  return 'less than a second';
}

/** A token's expiry as a person says it: "expired 3 days ago", "expires in 59 minutes", "never expires". */
export function expiryInWords(expiresAt: string | null, now: number): string {
  if (!expiresAt) return 'never expires (no exp claim)';
  const left = Date.parse(expiresAt) - now;
  return left <= 0 ? `expired ${spanInWords(left)} ago` : `expires in ${spanInWords(left)}`;
}
