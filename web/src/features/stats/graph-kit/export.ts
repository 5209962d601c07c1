/** Downloads of a chart: its SVG as drawn, a PNG rendered from it, and its data as CSV. */
import { download, downloadText } from '../../../shared/ui/download.ts';

export { download } from '../../../shared/ui/download.ts';

/** The SVG as a standalone document (namespace and white background set, so it opens anywhere). */
export function svgText(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('style', 'background:#fff;font-family:sans-serif');
  return new XMLSerializer().serializeToString(copy);
}

export function downloadSvg(name: string, svg: SVGSVGElement): void {
  download(`${name}.svg`, new Blob([svgText(svg)], { type: 'image/svg+xml' }));
}

export async function downloadPng(name: string, svg: SVGSVGElement): Promise<void> {
  const { width, height } = svg.getBoundingClientRect();
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svgText(svg)], { type: 'image/svg+xml' }));
  try {
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('The chart could not be drawn as an image.'));
      img.src = url;
    });
    const scale = 2;
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(width * scale);
    canvas.height = Math.ceil(height * scale);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('The browser cannot draw images.');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/png'));
    if (!blob) throw new Error('The chart could not be saved as PNG.');
    download(`${name}.png`, blob);
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function downloadCsv(name: string, csv: string): void {
  downloadText(`${name}.csv`, csv);
}
