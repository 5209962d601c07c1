import { describe, expect, it } from 'vitest';
import {
  advancedValue,
  criteriaError,
  NO_ADVANCED,
  readSearchParams,
  searchRequest,
  setAdvanced,
} from './criteria.ts';

describe('advanced options', () => {
  it('keeps only one option active: typing into another clears the first', () => {
    let s = setAdvanced(NO_ADVANCED, 'mac', '12:34:56');
    expect(s).toEqual({ active: 'mac', value: '12:34:56' });
    s = setAdvanced(s, 'serial', 'F');
    expect(s).toEqual({ active: 'serial', value: 'F' });
    expect(advancedValue(s, 'mac')).toBe('');
    expect(advancedValue(s, 'serial')).toBe('F');
  });

  it('ticking Commercial Users clears the text options, and typing clears the tick', () => {
    let s = setAdvanced({ active: 'firmware', value: 'V2.9' }, 'commercial', true);
    expect(s).toEqual({ active: 'commercial', value: '' });
    s = setAdvanced(s, 'deviceId', '7');
    expect(s.active).toBe('deviceId');
    expect(setAdvanced(s, 'commercial', false)).toEqual(s);
  });

  it('emptying the active option leaves none; emptying another changes nothing', () => {
    const s = setAdvanced(NO_ADVANCED, 'wfl', 'Kitchen');
    expect(setAdvanced(s, 'mac', '')).toEqual(s);
    expect(setAdvanced(s, 'wfl', '')).toEqual(NO_ADVANCED);
  });
});

describe('search requests', () => {
  it('searches the basic term alone by finduser', () => {
    expect(searchRequest({ searchterm: ' ann@example.com ' })?.path).toBe(
      '/api/support/finduser/ann%40example.com',
    );
  });

  it('combines the user with a MAC or WFL, leaving the others out with -', () => {
    expect(searchRequest({ searchterm: 'ann', by: 'mac', value: '12:34:56' })?.path).toBe(
      '/api/support/find/u/ann/w/12%3A34%3A56/o/-',
    );
    expect(searchRequest({ by: 'wfl', value: 'Hall' })?.path).toBe('/api/support/find/u/-/w/-/o/Hall');
  });

  it('runs the stand-alone options by their own calls', () => {
    expect(searchRequest({ by: 'serial', value: 'F0A1' })?.path).toBe('/api/support/findByDevice/F0A1');
    expect(searchRequest({ by: 'deviceId', value: '42' })?.path).toBe('/api/support/findByDeviceId/42');
    expect(searchRequest({ by: 'firmware', value: 'V2.9' })?.path).toBe('/api/supportdm/find/firmware/V2.9');
    expect(searchRequest({ searchterm: 'ignored', by: 'commercial' })?.path).toBe('/api/support/find/c/true');
  });

  it('searches nothing without a term, and says why', () => {
    expect(searchRequest({})).toBeNull();
    expect(searchRequest({ searchterm: '  ', by: 'mac', value: '' })).toBeNull();
    expect(criteriaError({})).toBe('Enter a user, MAC or hub to search.');
    expect(criteriaError({ by: 'deviceId', value: 'abc' })).toBe('A device id is a number.');
    expect(criteriaError({ searchterm: 'x' })).toBeNull();
  });
});

describe('URL search params', () => {
  it('keeps what is valid and drops the rest', () => {
    expect(
      readSearchParams({ searchterm: 'ann', by: 'mac', value: '12', limit: 40, offset: 40, detail: '17' }),
    ).toEqual({ searchterm: 'ann', by: 'mac', value: '12', limit: 40, offset: 40, detail: 17 });
    expect(readSearchParams({ by: 'evil', limit: 33, offset: -1, detail: 'x', value: 'v' })).toEqual({});
    expect(readSearchParams({ by: 'commercial', value: 'v', limit: 20 })).toEqual({ by: 'commercial' });
    expect(readSearchParams({ searchterm: 12345 })).toEqual({ searchterm: '12345' });
  });
});
