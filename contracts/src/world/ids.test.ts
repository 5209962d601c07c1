import { describe, expect, it } from 'vitest';
import { formatDeviceId, parseDeviceId, structureNumberOf } from './ids.ts';

describe('Gen2 ids', () => {
  it('writes and reads {structure}-{deviceNumber}-{linkId}+{index}', () => {
    const parts = { structure: '5bc4d5b5e5ae4f2a3f', deviceNumber: 23, linkId: 3157366703, index: 2 };
    const id = formatDeviceId(parts);
    expect(id).toBe('5bc4d5b5e5ae4f2a3f-23-3157366703+2');
    expect(parseDeviceId(id)).toEqual(parts);
  });
  it('refuses other shapes', () => {
    for (const id of ['5bc4-23-3157366703', '5bc4-x-1+1', '5bc4-23-1+1 ', '-23-1+1', '']) {
      expect(parseDeviceId(id), id).toBeNull();
    }
  });
  it('finds the structure number of a rootGroupId or a device id', () => {
    expect(structureNumberOf('5bc4d5-5bc4d6')).toBe('5bc4d5');
    expect(structureNumberOf('5bc4d5-23-1+1')).toBe('5bc4d5');
    expect(structureNumberOf('5bc4d5')).toBe('5bc4d5');
  });
});
