/** One CSV writer for every download (the data monitor's readings, the statistics' chart data). */

const cell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * RFC 4180 quoting: a header line, then one line per row; null and undefined are empty cells.
 * Lines are joined with `eol` ('\n' unless a format asks for CRLF).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[], eol = '\n'): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join(eol);
}
