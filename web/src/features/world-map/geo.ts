/**
 * Web Mercator in unit coordinates: the world is the square [0, 1] × [0, 1], x east, y south.
 * At zoom z the square is 256 · 2^z pixels wide (the slippy-map convention, so zoom 6 looks as
 * a tiled map at zoom 6 would).
 */
export const TILE = 256;
const MAX_LAT = 85.05112878;

export function toUnit(lat: number, lng: number): [number, number] {
  const phi = (Math.max(-MAX_LAT, Math.min(MAX_LAT, lat)) * Math.PI) / 180;
  const x = (lng + 180) / 360;
  const y = (1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2;
  return [x, y];
}

export function fromUnit(x: number, y: number): { lat: number; lng: number } {
  const n = Math.PI * (1 - 2 * y);
  return { lat: (Math.atan(Math.sinh(n)) * 180) / Math.PI, lng: x * 360 - 180 };
}

/** What the map shows: its centre in unit coordinates and its zoom (fractional allowed). */
export interface View {
  cx: number;
  cy: number;
  zoom: number;
}

export const MIN_ZOOM = 2;
export const MAX_ZOOM = 14;

export function viewAt(lat: number, lng: number, zoom: number): View {
  const [cx, cy] = toUnit(lat, lng);
  return { cx, cy, zoom };
}

/** Pixels per unit, and the offset that puts the centre in the middle of a w × h box. */
export function transformOf(view: View, width: number, height: number) {
  const k = TILE * 2 ** view.zoom;
  return { k, tx: width / 2 - view.cx * k, ty: height / 2 - view.cy * k };
}

/** The view after dragging the map by (dx, dy) pixels. */
export function panBy(view: View, dx: number, dy: number): View {
  const k = TILE * 2 ** view.zoom;
  return { ...view, cx: view.cx - dx / k, cy: clamp(view.cy - dy / k, 0, 1) };
}

/** The view after zooming by `delta` levels around the pixel (px, py) of a w × h box. */
export function zoomAround(view: View, delta: number, px: number, py: number, w: number, h: number): View {
  const zoom = clamp(view.zoom + delta, MIN_ZOOM, MAX_ZOOM);
  const before = transformOf(view, w, h);
  const ux = (px - before.tx) / before.k;
  const uy = (py - before.ty) / before.k;
  const k = TILE * 2 ** zoom;
  // Keep the unit point under the pointer where it was.
  return { zoom, cx: ux - (px - w / 2) / k, cy: uy - (py - h / 2) / k };
}

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));
