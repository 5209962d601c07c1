import type { MapMarker } from '@console/contracts';
import { toUnit } from './geo.ts';

/** One layer's drawable points: unit coordinates, x and y interleaved, and a colour. */
export interface PointLayer {
  xy: Float64Array;
  color: string;
}

export function toPoints(markers: readonly MapMarker[], color: string): PointLayer {
  const xy = new Float64Array(markers.length * 2);
  markers.forEach((m, i) => {
    const [x, y] = toUnit(m.lat as number, m.long as number);
    xy[i * 2] = x;
    xy[i * 2 + 1] = y;
  });
  return { xy, color };
}

/** #rrggbb as a little-endian RGBA pixel. */
function pixel(color: string): number {
  const n = Number.parseInt(color.slice(1), 16);
  return ((0xff << 24) | ((n & 0xff) << 16) | (n & 0xff00) | ((n >> 16) & 0xff)) >>> 0;
}

/** Every point as a 3 × 3 pixel square, written straight into one image, then the focus ring. */
export function drawPoints(
  ctx: CanvasRenderingContext2D,
  /** The image reused from frame to frame (a new one only when the size changes). */
  image: { data: ImageData | null },
  layers: readonly PointLayer[],
  t: { k: number; tx: number; ty: number },
  width: number,
  height: number,
  focus: MapMarker | null,
) {
  const w = Math.floor(width);
  if (!image.data || image.data.width !== w || image.data.height !== height)
    image.data = ctx.createImageData(w, height);
  const buffer = image.data;
  const px = new Uint32Array(buffer.data.buffer);
  px.fill(0);
  for (const layer of layers) {
    const c = pixel(layer.color);
    const { xy } = layer;
    for (let i = 0; i < xy.length; i += 2) {
      const x = ((xy[i] as number) * t.k + t.tx) | 0;
      const y = ((xy[i + 1] as number) * t.k + t.ty) | 0;
      if (x < 1 || y < 1 || x >= w - 1 || y >= height - 1) continue;
      const o = y * w + x;
      px[o - w - 1] = c;
      px[o - w] = c;
      px[o - w + 1] = c;
      px[o - 1] = c;
      px[o] = c;
      px[o + 1] = c;
      px[o + w - 1] = c;
      px[o + w] = c;
      px[o + w + 1] = c;
    }
  }
  ctx.putImageData(buffer, 0, 0);
  if (focus && focus.lat !== null && focus.long !== null) {
    const [ux, uy] = toUnit(focus.lat, focus.long);
    ctx.beginPath();
    ctx.arc(ux * t.k + t.tx, uy * t.k + t.ty, 9, 0, 2 * Math.PI);
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#e03131';
    ctx.stroke();
  }
}
