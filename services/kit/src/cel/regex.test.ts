// The linear-time matcher behind matches(): the same answers as JavaScript's RegExp on patterns both
// accept, no blow-up on the patterns that make a backtracking engine exponential, RE2's refusals.
import { describe, expect, it } from 'vitest';
import { compileRegex, type Matcher } from './regex.ts';

function re(pattern: string): Matcher {
  const m = compileRegex(pattern);
  if (typeof m === 'string') throw new Error(`${pattern}: ${m}`);
  return m;
}

const patterns = [
  '',
  'abc',
  '^abc$',
  'a|b|',
  'gr(a|e)y',
  'ba(na)*$',
  '^(foo|bar)+baz',
  'x{2,3}y',
  '^a{3}$',
  'a{2,}',
  '[a-c]+[^a-c]',
  '[\\d.]+',
  '\\w+@\\w+\\.com',
  '\\bsync\\b',
  '\\Berr',
  '^\\s*$',
  'colou?r',
  'a.c',
  '^1\\.4\\.[0-9]+$',
  '[\\]\\-]',
  '(?:ab)+c',
  'a+?b',
  '\\x41\\x{42}',
  '\\p{L}+\\d',
  '[[:digit:]]x',
];
const subjects = [
  '',
  'abc',
  'xabcx',
  'grey',
  'gray',
  'banana',
  'foobarbaz',
  'bazfoo',
  'xxy',
  'xxxxy',
  'aaa',
  'aaaa',
  'abcd',
  'ab-]',
  '1.4.2',
  '1.4.x',
  'me@home.com',
  'a sync b',
  'async',
  'error',
  '   ',
  'color',
  'colour',
  'a\nc',
  'ababc',
  'AB',
  'é9',
  '7x',
];

describe('matches() patterns', () => {
  it('answers like RegExp where both accept the pattern', () => {
    for (const p of patterns) {
      const js = new RegExp(p.replace('[[:digit:]]', '[0-9]').replace('\\x{42}', '\\u{42}'), 'u');
      const mine = re(p);
      for (const s of subjects) expect([p, s, mine.test(s)]).toEqual([p, s, js.test(s)]);
    }
  });

  it('takes code points, not UTF-16 units, as characters', () => {
    expect(re('^(a|\u{1F600}){2}$').test('\u{1F600}\u{1F600}')).toBe(true);
    expect(re('^.$').test('\u{1F431}')).toBe(true);
    expect(re('a+ñ+a+').test('mañana')).toBe(true);
  });

  it('honours leading flags', () => {
    expect(re('(?i)^HeLLo$').test('hello')).toBe(true);
    expect(re('^HeLLo$').test('hello')).toBe(false);
    expect(re('(?s)a.c').test('a\nc')).toBe(true);
    expect(re('(?m)^b$').test('a\nb\nc')).toBe(true);
    expect(re('^b$').test('a\nb\nc')).toBe(false);
  });

  it('stays linear on patterns that make a backtracking engine exponential', () => {
    const subject = `${'a'.repeat(5000)}!`;
    expect(re('^(a+)+$').test(subject)).toBe(false);
    expect(re('(a|aa)*b').test(subject)).toBe(false);
    expect(re('a*a*a*a*a*b').test(subject)).toBe(false);
    expect(re('^(a+)+!$').test(subject)).toBe(true);
  });

  it('refuses what RE2 refuses', () => {
    expect(compileRegex('(a)\\1')).toBe('back-references are not supported (RE2)');
    expect(compileRegex('(?=a)')).toBe('look-around is not supported (RE2)');
    expect(compileRegex('(?<!a)b')).toBe('look-around is not supported (RE2)');
    expect(compileRegex('a**')).toBe('bad repetition operator');
    expect(compileRegex('*a')).toBe('missing argument to repetition operator');
    expect(compileRegex('(ab')).toBe('missing closing )');
    expect(compileRegex('ab)')).toBe('unbalanced parenthesis');
    expect(compileRegex('a{1001}')).toBe('bad repetition count');
    expect(compileRegex('(a{1000}){1000}')).toBe('pattern is too large');
    expect(compileRegex('\\q')).toBe('invalid escape \\q');
  });
});
