import { describe, expect, it } from 'vitest';
import { readDeviceSelection } from './params.ts';

describe('readDeviceSelection', () => {
  it('keeps a type and a command given as digits or numbers', () => {
    expect(readDeviceSelection({ type: '2', command: '203' })).toEqual({ type: 2, command: 203 });
    expect(readDeviceSelection({ type: 0, command: 101 })).toEqual({ type: 0, command: 101 });
    expect(readDeviceSelection({ type: '9' })).toEqual({ type: 9 });
  });

  it('drops anything else, and a command without a type', () => {
    expect(readDeviceSelection({ type: 'x', command: '1' })).toEqual({});
    expect(readDeviceSelection({ command: '1' })).toEqual({});
    expect(readDeviceSelection({ type: '-1' })).toEqual({});
    expect(readDeviceSelection({ type: '1.5' })).toEqual({});
    expect(readDeviceSelection({ type: 1.5 })).toEqual({});
    expect(readDeviceSelection({ type: '1234567890' })).toEqual({});
    expect(readDeviceSelection({ type: '3', command: '<b>' })).toEqual({ type: 3 });
  });
});
