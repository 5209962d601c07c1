import type { EnergyRow } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { energyCsv } from './csv.ts';

const row = (o: Partial<EnergyRow>): EnergyRow => ({
  time: '2026-03-01T10:00:00.000Z',
  serial: 'A1',
  mac: '74:0A:BC:00:00:01',
  current_use: 120,
  total_day_use: 30,
  created_at: '2026-03-01T10:00:07.000Z',
  _use_diff: 5,
  _debug: null,
  ...o,
});

describe('the data monitor CSV', () => {
  it('writes a header and one line per row, nulls empty, quoting what needs it', () => {
    const csv = energyCsv([row({}), row({ _use_diff: null, _debug: '_use_diff < 0', serial: 'a,"b"' })]);
    expect(csv.split('\r\n')).toEqual([
      'time,serial,mac,current_use,total_day_use,created_at,_use_diff,_debug',
      '2026-03-01T10:00:00.000Z,A1,74:0A:BC:00:00:01,120,30,2026-03-01T10:00:07.000Z,5,',
      '2026-03-01T10:00:00.000Z,"a,""b""",74:0A:BC:00:00:01,120,30,2026-03-01T10:00:07.000Z,,_use_diff < 0',
      '',
    ]);
  });

  it('writes a formula-looking cell as text (the shared writer, issue 29 §7)', () => {
    const csv = energyCsv([row({ serial: 'Kitchen;=1+1', _debug: '＝1+1' })]);
    expect(csv.split('\r\n')[1]).toBe(
      `2026-03-01T10:00:00.000Z,"Kitchen;'=1+1",74:0A:BC:00:00:01,120,30,2026-03-01T10:00:07.000Z,5,'＝1+1`,
    );
  });
});
