import { describe, expect, it } from 'vitest';
import { addedPerDay, productChanges } from './products-by-date.ts';

describe('products by date', () => {
  const days = Array.from({ length: 9 }, (_, i) => new Date(Date.UTC(2025, 0, i + 1)).toISOString());
  const p = {
    from: days[0] as string,
    to: '2025-01-10T00:00:00.000Z',
    days,
    products: [
      { productCode: 'L2', totals: [10, 10, 11, 12, 13, 14, 15, 16, 17], added: [0, 0, 1, 1, 1, 1, 1, 1, 1] },
      {
        productCode: 'L42',
        totals: [50, 50, 50, 49, 48, 47, 46, 45, 44],
        added: [0, 0, 0, 0, 0, 0, 0, 0, 0],
      },
    ],
  };

  it('measures the change over 7 days and colours it by the thresholds', () => {
    const [l2, l42] = productChanges(p);
    expect(l2).toMatchObject({ productCode: 'L2', total: 17, change: 17 - 10, colour: 'below10' });
    expect(l42).toMatchObject({ change: 44 - 50, colour: 'red' });
    expect(l2?.averageAdded).toBe(1);
  });

  it('adds up devices per day with a rolling 7-day average', () => {
    const { added, average } = addedPerDay(p);
    expect(added).toEqual([0, 0, 1, 1, 1, 1, 1, 1, 1]);
    expect(average.at(-1)).toBe(1);
    expect(average[2]).toBe(0.3);
  });
});
