export type CsvValue = string | number | boolean | null | undefined;

/** One CSV cell: empty for null, quoted (RFC 4180) when it holds a comma, quote or line break. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header line, then one line per row; CRLF line ends. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header.map(csvCell).join(',')];
  for (const r of rows) lines.push(r.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Offers the text as a file download named `name`. */
export function downloadText(name: string, text: string, type = 'text/csv'): void {
  downloadBlob(name, new Blob([text], { type }));
}

/** Offers the blob (a chart image, a CSV…) as a file download named `name`. */
export function downloadBlob(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
