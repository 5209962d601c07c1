import { describe, expect, it } from 'vitest';
import { chartBounds, DEFAULT_MARGIN } from './chart-bounds.ts';

describe('chartBounds', () => {
  it('leaves the margins out of the drawing area', () => {
    const b = chartBounds(400, 200, { top: 10, right: 20, bottom: 30, left: 40 });
    expect(b.innerWidth).toBe(340);
    expect(b.innerHeight).toBe(160);
  });

  it('never gives a negative area to a frame narrower than its margins', () => {
    const b = chartBounds(20, 10);
    expect(b.margin).toBe(DEFAULT_MARGIN);
    expect(b.innerWidth).toBe(0);
    expect(b.innerHeight).toBe(0);
  });
});
