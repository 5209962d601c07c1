import { describe, expect, it } from 'vitest';
import { copyField, copyText } from './copy.ts';

describe('COPY text', () => {
  it('writes nulls, dates, booleans and numbers as Postgres reads them', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect(copyField(new Date(Date.UTC(2025, 0, 2, 3, 4, 5)))).toBe('2025-01-02T03:04:05.000Z');
    expect(copyField(true)).toBe('t');
    expect(copyField(21.5)).toBe('21.5');
  });
  it('escapes what would break a row', () => {
    expect(copyField('a\tb\nc\\d\re')).toBe('a\\tb\\nc\\\\d\\re');
    expect(copyField("Kids' Room")).toBe("Kids' Room");
  });
  it('puts one row per line in column order', () => {
    const text = [
      ...copyText(
        ['b', 'a'],
        [
          { a: 1, b: 'x' },
          { a: null, b: 'y' },
        ],
      ),
    ].join('');
    expect(text).toBe('x\t1\ny\t\\N\n');
  });
});
