import { describe, expect, it } from 'vitest';
import { operationUrl } from '../../../shared/api/call.ts';
import {
  advancedValue,
  criteriaError,
  NO_ADVANCED,
  readSearchParams,
  searchRequest,
  setAdvanced,
} from './criteria.ts';

/** The URL of a search request, as operationUrl builds it. */
const callUrl = (req: NonNullable<ReturnType<typeof searchRequest>>) =>
  operationUrl(req.operation, { params: req.params } as never);

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
  /** The URL the typed client sends for a request (operation's path from the table, params encoded). */
  const url = (c: Parameters<typeof searchRequest>[0]) => {
    const req = searchRequest(c);
    return req && callUrl(req);
  };

  it('searches the basic term alone by finduser', () => {
    expect(searchRequest({ searchterm: ' ann@example.com ' })).toMatchObject({
      operation: 'search.findUser',
      params: { text: 'ann@example.com' },
    });
    expect(url({ searchterm: ' ann@example.com ' })).toMatch(/\/finduser\/ann%40example\.com$/);
  });

  it('combines the user with a MAC or WFL, leaving the others out with -', () => {
    expect(searchRequest({ searchterm: 'ann', by: 'mac', value: '12:34:56' })).toMatchObject({
      operation: 'search.findAdvanced',
      params: { user: 'ann', mac: '12:34:56', wfl: '-' },
    });
    expect(url({ searchterm: 'ann', by: 'mac', value: '12:34:56' })).toMatch(
      /\/u\/ann\/w\/12%3A34%3A56\/o\/-$/,
    );
    expect(searchRequest({ by: 'wfl', value: 'Hall' })).toMatchObject({
      operation: 'search.findAdvanced',
      params: { user: '-', mac: '-', wfl: 'Hall' },
    });
  });

  it('runs the stand-alone options by their own calls', () => {
    expect(searchRequest({ by: 'serial', value: 'F0A1' })).toMatchObject({
      operation: 'search.findByDevice',
      params: { name: 'F0A1' },
    });
    expect(searchRequest({ by: 'deviceId', value: '42' })).toMatchObject({
      operation: 'search.findByDeviceId',
      params: { id: '42' },
    });
    expect(searchRequest({ by: 'firmware', value: 'V2.9' })).toMatchObject({
      operation: 'search.findFirmware',
      params: { text: 'V2.9' },
    });
    expect(searchRequest({ searchterm: 'ignored', by: 'commercial' })).toMatchObject({
      operation: 'search.findCommercial',
      params: {},
    });
    expect(url({ by: 'deviceId', value: '42' })).toBe(
      operationUrl('search.findByDeviceId', { params: { id: '42' } }),
    );
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
