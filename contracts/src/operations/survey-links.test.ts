import { describe, expect, it } from 'vitest';
import { compareFirmware, parseLinkIds } from './survey-links.ts';

describe('parseLinkIds', () => {
  it('splits on comma, space or newline, trims and drops empty parts and repeats', () => {
    expect(parseLinkIds(' 12, 34\n56  78,,\r\n12\t90 ,34 ')).toEqual(['12', '34', '56', '78', '90']);
  });
  it('gives nothing for blank text', () => {
    expect(parseLinkIds(' ,\n ')).toEqual([]);
  });
});

describe('compareFirmware', () => {
  it('compares dotted versions by number, missing parts as 0', () => {
    expect(compareFirmware('3.38.0', '3.9.12')).toBeGreaterThan(0);
    expect(compareFirmware('3.35', '3.35.0')).toBe(0);
    expect(compareFirmware('3.34.9', '3.35.0')).toBeLessThan(0);
    expect(compareFirmware('3.38.1', '3.38.0')).toBeGreaterThan(0);
  });
});
