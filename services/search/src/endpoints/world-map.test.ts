import { ApiError } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { markerQuery } from './world-map.ts';

describe('the world map batch query', () => {
  it('reads the range as epoch seconds, the cursor and the batch size (1,500 by default)', () => {
    expect(
      markerQuery({ from: '2025-05-01T00:00:00Z', to: '2025-05-07T00:00:00Z', fromid: '42' }, true),
    ).toEqual({
      from: 1746057600,
      to: 1746576000,
      afterId: 42,
      limit: 1500,
      energyOnly: true,
    });
    expect(markerQuery({ all: 'true', from: '2025-05-01T00:00:00Z', limit: '1' }, false)).toMatchObject({
      from: null,
      to: null,
      limit: 1,
    });
  });

  it('refuses a bad date, an inverted range and a batch outside 1 to 1,500', () => {
    const status = (q: Parameters<typeof markerQuery>[0]) => {
      try {
        markerQuery(q, false);
        return 200;
      } catch (err) {
        return err instanceof ApiError ? err.statusCode : 500;
      }
    };
    expect(status({ from: 'yesterday' })).toBe(400);
    expect(status({ from: '2025-05-07T00:00:00Z', to: '2025-05-01T00:00:00Z' })).toBe(400);
    expect(status({ limit: '0' })).toBe(400);
    expect(status({ limit: '1501' })).toBe(400);
    expect(status({ limit: '1500' })).toBe(200);
  });
});
