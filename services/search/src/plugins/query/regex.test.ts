import { describe, expect, it } from 'vitest';
import { regexProblem } from './regex.ts';

// Each refused pattern is one Go's RE2 (FerretDB's regex engine) rejects, or one that backtracks
// catastrophically; each accepted one is checked against the real FerretDB in
// services/search/test/regex-dialect.test.ts.
describe('$regex read by the database dialect', () => {
  it('refuses what FerretDB would refuse, before it reaches the database', () => {
    for (const p of ['(?<=a)b', '(?<!a)b', '(?=a)', '(?!a)', '(?>a)', '(?x)a', '(?#c)a']) {
      expect(regexProblem(p, undefined), p).toMatch(/\(\?/);
    }
    for (const p of ['\\Z', '\\u0041', '\\cA', '\\h', '\\R', '\\G', '\\e', '\\k<n>', '\\y', '\\K']) {
      expect(regexProblem(p, undefined), p).toMatch(/escape/);
    }
    for (const p of ['a++', 'a*+', 'a**', 'x{2}{3}'])
      expect(regexProblem(p, undefined), p).toMatch(/repeats a repeat/);
    expect(regexProblem('a{1001}', undefined)).toMatch(/1000/);
    expect(regexProblem('(a)\\1', undefined)).toMatch(/back-references/);
    expect(regexProblem('\\8', undefined)).toMatch(/back-references/);
    expect(regexProblem('[[:alpha:]]', undefined)).toMatch(/class/);
    expect(regexProblem('[a-\\d]', undefined)).toMatch(/range/);
    expect(regexProblem('[\\b]', undefined)).toMatch(/escape/);
    expect(regexProblem('a{,3}', undefined)).toMatch(/\{/);
    expect(regexProblem('(a', undefined)).toMatch(/unclosed/);
    expect(regexProblem('a)', undefined)).toMatch(/unmatched/);
    expect(regexProblem('*a', undefined)).toMatch(/nothing before/);
  });

  it('refuses nested repeats however deep they are', () => {
    for (const p of [
      '(a+)+$',
      '((a+))+$',
      '(((\\w*)))*x',
      '(a|aa)+$',
      '((a|aa))+',
      '(x{2,}){3,}',
      '(?:a+)+',
      '(a(b+)c)*',
    ]) {
      expect(regexProblem(p, undefined), p).toMatch(/repeated group/);
    }
  });

  it('accepts the patterns a search needs', () => {
    for (const p of [
      '^bc2b2[5-9a-d]',
      '^[^@]+@example\\.com$',
      '(ab)+',
      '(?:abc)?x',
      '\\d{3,4}-\\w+',
      'a|b|c',
      '[]a]',
      '\\x41\\.\\-\\/',
      'a{2,1000}',
      'colou?r',
      'a.*?b',
    ]) {
      expect(regexProblem(p, 'i'), p).toBeNull();
    }
  });
});
