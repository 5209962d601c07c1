import { describe, expect, it } from 'vitest';
import { parseSerialEntries, parseSerialEntry } from './data-monitor.ts';

describe('the mac->serial<-building|folder entry', () => {
  it('needs only the serial; the MAC narrows it, building and folder label it', () => {
    expect(parseSerialEntry(' A1B2C3 ')).toEqual({
      serial: 'A1B2C3',
      mac: null,
      building: null,
      folder: null,
    });
    expect(parseSerialEntry('74:0A:BC:12:34:56->A1B2C3<-Main office|Floor 2')).toEqual({
      serial: 'A1B2C3',
      mac: '74:0A:BC:12:34:56',
      building: 'Main office',
      folder: 'Floor 2',
    });
    expect(parseSerialEntry('A1B2C3<-Depot')).toMatchObject({ building: 'Depot', folder: null });
    expect(parseSerialEntry('123456->A1B2C3')).toMatchObject({ mac: '123456', serial: 'A1B2C3' });
  });

  it('refuses entries without a serial, and reports them apart', () => {
    expect(parseSerialEntry('74:0A:BC:12:34:56-><-x|y')).toBeNull();
    expect(parseSerialEntry('a b')).toBeNull();
    const r = parseSerialEntries('A1, B2\n\nbad serial;C3<-x|y');
    expect(r.entries.map((e) => e.serial)).toEqual(['A1', 'B2', 'C3']);
    expect(r.bad).toEqual(['bad serial']);
  });
});
