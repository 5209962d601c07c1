/**
 * One CSV line (RFC 4180: quoted when needed, quotes doubled, CRLF). A cell a spreadsheet would read
 * as a formula (starting with = + - @, a tab or a carriage return) is prefixed with an apostrophe:
 * customer names and e-mails are customer-typed text, and a report must not run what they typed.
 */
export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}
