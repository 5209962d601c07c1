import type { EnergyPage, EnergyRow } from '@console/contracts';
import { DATA_MONITOR } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { EXPORT_CAP, exportNote, fetchAllEnergy } from './energy-export.ts';

const row = (i: number) =>
  ({ serial: 's', time: new Date(i * 900_000).toISOString(), current_use: i }) as EnergyRow;

/** An API of `total` rows answering pages of `count` as the real one does. */
function api(total: number) {
  const asked: number[] = [];
  const fetchPage = async (page: number, count: number): Promise<EnergyPage> => {
    asked.push(page);
    const from = page * count;
    const rows = Array.from({ length: Math.max(0, Math.min(count, total - from)) }, (_, k) => row(from + k));
    return {
      rows,
      page,
      count,
      order: 'asc',
      total,
      pages: Math.ceil(total / count),
    } as unknown as EnergyPage;
  };
  return { asked, fetchPage };
}

describe('the data monitor CSV export', () => {
  it('fetches every page of the range, in order', async () => {
    const { asked, fetchPage } = api(1_189);
    const progress: number[] = [];
    const all = await fetchAllEnergy({} as never, { fetchPage, onProgress: (done) => progress.push(done) });
    expect(asked).toEqual([0, 1, 2]);
    expect(all.rows.map((r) => r.current_use)).toEqual(Array.from({ length: 1_189 }, (_, i) => i));
    expect(all).toMatchObject({ total: 1_189, capped: false });
    expect(progress).toEqual([DATA_MONITOR.maxCount, 2 * DATA_MONITOR.maxCount, 1_189]);
    expect(exportNote(all)).toBe(`The CSV holds all ${(1_189).toLocaleString()} rows of the range.`);
  });

  it('stops at the cap and says so', async () => {
    const { asked, fetchPage } = api(EXPORT_CAP + 1_234);
    const all = await fetchAllEnergy({} as never, { fetchPage });
    expect(all.rows).toHaveLength(EXPORT_CAP);
    expect(asked).toHaveLength(EXPORT_CAP / DATA_MONITOR.maxCount);
    expect(all.capped).toBe(true);
    expect(exportNote(all)).toMatch(
      /^The CSV holds the first 10,000 of 11,234 rows: an export stops at 10,000\./,
    );
  });

  it('asks once for an empty range', async () => {
    const { asked, fetchPage } = api(0);
    const all = await fetchAllEnergy({} as never, { fetchPage });
    expect(asked).toEqual([0]);
    expect(all).toEqual({ rows: [], total: 0, capped: false });
  });
});
