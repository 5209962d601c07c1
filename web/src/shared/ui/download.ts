/** Offers a blob as a file download named `name` (the browser's own download, no new tab). */
export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Offers text as a file download named `name`. */
export function downloadText(name: string, text: string, type = 'text/csv'): void {
  download(name, new Blob([text], { type }));
}
