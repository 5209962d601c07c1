import { describe, expect, it } from 'vitest';
import { fromUnit, panBy, toUnit, transformOf, viewAt, zoomAround } from './geo.ts';
import { addedOn, hasBadCoordinates, layerOf, nextBatch } from './markers.ts';

const marker = (time: string) => ({
  id: 1,
  mac: '74:0A:BC:00:00:01',
  lat: 54,
  long: -4,
  energy: false,
  time,
});

describe('world map markers', () => {
  it('puts 10/11 in Coco, 12/13 in Nexa and the rest in the product layer', () => {
    expect(['10:AA', '11:AA', '12:AA', '13:AA', '74:0A', '14:AA'].map(layerOf)).toEqual([
      'coco',
      'coco',
      'nexa',
      'nexa',
      'product',
      'product',
    ]);
  });

  it('calls missing, 0/0 and off-globe coordinates bad', () => {
    expect(hasBadCoordinates({ lat: null, long: 1 })).toBe(true);
    expect(hasBadCoordinates({ lat: 0, long: 0 })).toBe(true);
    expect(hasBadCoordinates({ lat: 95, long: 1 })).toBe(true);
    expect(hasBadCoordinates({ lat: 54, long: 200 })).toBe(true);
    expect(hasBadCoordinates({ lat: 0, long: 5 })).toBe(false);
    expect(hasBadCoordinates({ lat: 54.2, long: -4.1 })).toBe(false);
  });

  it('counts the links added on the day and the day before', () => {
    const day = new Date(2025, 4, 20);
    const rows = [
      marker(new Date(2025, 4, 20, 9).toISOString()),
      marker(new Date(2025, 4, 20, 23, 59).toISOString()),
      marker(new Date(2025, 4, 19, 0, 1).toISOString()),
      marker(new Date(2025, 4, 18, 12).toISOString()),
    ];
    const r = addedOn(rows, day);
    expect(r.today).toHaveLength(2);
    expect(r.yesterdayCount).toBe(1);
  });

  it('doubles batches from 1 up to 1,500', () => {
    const sizes = [1];
    while ((sizes.at(-1) as number) < 1500) sizes.push(nextBatch(sizes.at(-1) as number));
    expect(sizes).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 1500]);
    expect(nextBatch(1500)).toBe(1500);
  });
});

describe('world map view', () => {
  it('projects and back', () => {
    const [x, y] = toUnit(54, -4);
    const back = fromUnit(x, y);
    expect(back.lat).toBeCloseTo(54, 9);
    expect(back.lng).toBeCloseTo(-4, 9);
  });

  it('centres the view and keeps the point under the pointer when zooming', () => {
    const v = viewAt(54, -4, 6);
    const t = transformOf(v, 800, 600);
    const [x, y] = toUnit(54, -4);
    expect(x * t.k + t.tx).toBeCloseTo(400, 6);
    expect(y * t.k + t.ty).toBeCloseTo(300, 6);
    const z = zoomAround(v, 1, 100, 50, 800, 600);
    const before = transformOf(v, 800, 600);
    const after = transformOf(z, 800, 600);
    const ux = (100 - before.tx) / before.k;
    expect(ux * after.k + after.tx).toBeCloseTo(100, 6);
    const moved = transformOf(panBy(v, 30, 0), 800, 600);
    expect(x * moved.k + moved.tx).toBeCloseTo(430, 6);
  });
});
