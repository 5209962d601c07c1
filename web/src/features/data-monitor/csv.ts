import { type EnergyRow, toCsv } from '@console/contracts';

/** The CSV's columns: the energy data row of seed 000 §3, as the API answers it. */
export const CSV_COLUMNS = [
  'time',
  'serial',
  'mac',
  'current_use',
  'total_day_use',
  'created_at',
  '_use_diff',
  '_debug',
] as const satisfies readonly (keyof EnergyRow)[];

/** The rows as CSV (RFC 4180 quoting, CRLF line ends), a header line first. */
export function energyCsv(rows: readonly EnergyRow[]): string {
  return `${toCsv(
    CSV_COLUMNS,
    rows.map((r) => CSV_COLUMNS.map((c) => r[c])),
    '\r\n',
  )}\r\n`;
}
