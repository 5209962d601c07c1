import { describe, expect, it } from 'vitest';
import { firmwarePattern, idTerm, likeEscape, macTerm, segment, textPattern } from './terms.ts';

describe('search terms', () => {
  it('treats the placeholder and blanks as no term', () => {
    expect(segment('-')).toBeNull();
    expect(segment('  ')).toBeNull();
    expect(segment(undefined)).toBeNull();
    expect(segment(' smith ')).toBe('smith');
  });

  it('matches text as typed, wildcards included', () => {
    expect(likeEscape('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(textPattern('smith')).toBe('%smith%');
    expect(textPattern('sm')).toBe('sm%');
  });

  it('reads whole MACs, the six digits shown, and parts at both alignments', () => {
    expect(macTerm('74-0a-bc-12-34-56')).toEqual({ exact: ['74:0A:BC:12:34:56'], patterns: [] });
    expect(macTerm('123456').exact).toEqual(['74:0A:BC:12:34:56']);
    expect(macTerm('2345').patterns).toEqual(['%23:45%', '%2:34:5%']);
    expect(macTerm('34:5').patterns).toEqual(['%34:5%']);
    expect(() => macTerm('12:zz')).toThrow(/hex digits/);
  });

  it('reads firmware with or without the V', () => {
    expect(firmwarePattern('2.9')).toBe('V2.9%');
    expect(firmwarePattern('v2.9')).toBe('V2.9%');
  });

  it('reads ids', () => {
    expect(idTerm(' 42 ')).toBe(42);
    expect(idTerm('4a')).toBeNull();
  });
});
