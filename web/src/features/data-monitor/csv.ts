import type { EnergyRow } from '@console/contracts';

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

function cell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The rows as CSV (RFC 4180 quoting, CRLF line ends), a header line first. */
export function energyCsv(rows: readonly EnergyRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) lines.push(CSV_COLUMNS.map((c) => cell(r[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Offers the text as a file download named `name`. */
export function downloadText(name: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
