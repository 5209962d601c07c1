/**
 * The one CSV writer of the console, for the server's report e-mails and the browser's downloads
 * alike (RFC 4180 quoting), which never lets a cell run as a spreadsheet formula (OWASP "CSV
 * injection"): report cells hold customer-typed text (names, e-mails, room names).
 */

export type CsvValue = string | number | bigint | boolean | null | undefined;

/** What makes a spreadsheet read a cell as a formula: = + - @, tab, CR, and the full-width = + - @. */
const FORMULA_START = '=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20';
/** Separators a spreadsheet may split on (comma, semicolon, tab, and their full-width forms). */
const SEPARATORS = ',;\\t\\uFF0C\\uFF1B';

const STARTS_FORMULA = new RegExp(`^[${FORMULA_START}]`);
/** A separator followed by a formula start: `Kitchen;=1+1` is two cells, the second a formula, where `;` separates. */
const SPLIT_FORMULA = new RegExp(`([${SEPARATORS}])(?=[${FORMULA_START}])`, 'g');
const NEEDS_QUOTES = new RegExp(`["\\r\\n${SEPARATORS}]`);

/**
 * One cell. Text that would start a formula gets an apostrophe in front (a spreadsheet shows it as
 * text, and the apostrophe is hidden), both at the start of the cell and after any separator inside
 * it; numbers and booleans are data, written as they are (-5 stays -5). Quoted when it holds a quote,
 * a line break or a separator, with quotes doubled.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string') {
    s = s.replace(SPLIT_FORMULA, "$1'");
    if (STARTS_FORMULA.test(s)) s = `'${s}`;
  }
  return NEEDS_QUOTES.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One line, CRLF-terminated (the report e-mails' attachments). */
export function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * A header line, then one line per row, joined with `eol` ('\n' unless a format asks for CRLF);
 * null and undefined are empty cells.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[], eol = '\n'): string {
  return [header, ...rows].map((r) => r.map((v) => csvCell(v as CsvValue)).join(',')).join(eol);
}
