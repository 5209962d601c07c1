import type { FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { toUnit } from './geo.ts';

/** One country's outline in unit coordinates, with its bounds, so a frame skips what is off screen. */
export interface Shape {
  path: Path2D;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export type Land = readonly Shape[];

function ring(shape: Shape, points: Position[]) {
  points.forEach(([lng, lat], i) => {
    const [x, y] = toUnit(lat as number, lng as number);
    if (i === 0) shape.path.moveTo(x, y);
    else shape.path.lineTo(x, y);
    shape.x0 = Math.min(shape.x0, x);
    shape.y0 = Math.min(shape.y0, y);
    shape.x1 = Math.max(shape.x1, x);
    shape.y1 = Math.max(shape.y1, y);
  });
}

/**
 * Natural Earth's 1:50m countries (the `world-atlas` package, bundled with the console: no map
 * server is needed), projected once into paths that every frame only scales and moves.
 */
export async function loadLand(): Promise<Land> {
  const [{ default: topology }, topojson] = await Promise.all([
    import('world-atlas/countries-50m.json'),
    import('topojson-client'),
  ]);
  type Topo = Parameters<typeof topojson.feature>[0];
  type Countries = Parameters<typeof topojson.feature>[1];
  const world = topology as unknown as Topo;
  const shapes = world.objects.countries as Countries;
  const countries = topojson.feature(world, shapes) as FeatureCollection<Polygon | MultiPolygon>;
  const land: Shape[] = [];
  for (const f of countries.features) {
    const polygons =
      f.geometry?.type === 'Polygon' ? [f.geometry.coordinates] : (f.geometry?.coordinates ?? []);
    // Each polygon apart (islands far from their country's mainland are culled on their own).
    for (const polygon of polygons) {
      const shape: Shape = { path: new Path2D(), x0: 1, y0: 1, x1: 0, y1: 0 };
      for (const r of polygon) ring(shape, r);
      land.push(shape);
    }
  }
  return land;
}

/** Sea, then the land shapes that overlap the w × h box and are at least a pixel across. */
export function drawLand(
  ctx: CanvasRenderingContext2D,
  land: Land | null,
  t: { k: number; tx: number; ty: number },
  w: number,
  h: number,
) {
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#d0e7f5';
  ctx.fillRect(0, 0, w, h);
  if (!land) return;
  const x0 = -t.tx / t.k;
  const y0 = -t.ty / t.k;
  const x1 = (w - t.tx) / t.k;
  const y1 = (h - t.ty) / t.k;
  const pixel = 1 / t.k;
  ctx.setTransform(t.k, 0, 0, t.k, t.tx, t.ty);
  ctx.fillStyle = '#f4f1e8';
  ctx.strokeStyle = '#9a9a9a';
  ctx.lineWidth = pixel;
  for (const s of land) {
    if (s.x1 < x0 || s.x0 > x1 || s.y1 < y0 || s.y0 > y1) continue;
    if (s.x1 - s.x0 < pixel && s.y1 - s.y0 < pixel) continue;
    ctx.fill(s.path);
    ctx.stroke(s.path);
  }
}
