// matches(): CEL's patterns are RE2, which runs in linear time; JavaScript's RegExp backtracks. The
// patterns accepted are the RE2 syntax JavaScript shares, run with the `u` flag, and refused are: what RE2
// does not have (back-references, look-around) and the shapes that make a backtracking engine exponential —
// an unbounded repeat (`*`, `+`, `{n,}`) of a group that itself repeats or alternates, like `(a+)+` or
// `(a|aa)*`. Subjects longer than maxSubject are an error rather than a long match.
import { CelError, noOverload, type Val } from './values.ts';

export const MAX_MATCH_SUBJECT = 65_536;

interface Frame {
  repeats: boolean;
  alternates: boolean;
}

/** The JavaScript RegExp for an accepted RE2 pattern, or the reason it is refused. */
export function compileRegex(pattern: string): RegExp | string {
  let src = pattern;
  let flags = 'u';
  const inline = /^\(\?([ims]+)\)/.exec(src);
  if (inline) {
    flags += (inline[1] as string).replace(/[^ims]/g, '');
    src = src.slice(inline[0].length);
  }
  src = src.replace(/\(\?P</g, '(?<');
  const stack: Frame[] = [{ repeats: false, alternates: false }];
  let lastGroup: Frame | undefined;
  for (let i = 0; i < src.length; i++) {
    const c = src[i] as string;
    const top = stack[stack.length - 1] as Frame;
    if (c === '\\') {
      const n = src[i + 1] ?? '';
      if (/[1-9k]/.test(n)) return 'back-references are not supported (RE2)';
      i++;
      lastGroup = undefined;
    } else if (c === '[') {
      i++;
      if (src[i] === '^') i++;
      if (src[i] === ']') i++;
      while (i < src.length && src[i] !== ']') if (src[i++] === '\\') i++;
      lastGroup = undefined;
    } else if (c === '(') {
      if (/^\(\?<?[=!]/.test(src.slice(i))) return 'look-around is not supported (RE2)';
      stack.push({ repeats: false, alternates: false });
      lastGroup = undefined;
    } else if (c === ')') {
      if (stack.length === 1) return 'unbalanced parenthesis';
      lastGroup = stack.pop() as Frame;
      const parent = stack[stack.length - 1] as Frame;
      parent.repeats ||= lastGroup.repeats;
      parent.alternates ||= lastGroup.alternates;
    } else if (c === '|') {
      top.alternates = true;
      lastGroup = undefined;
    } else if (c === '*' || c === '+' || c === '?' || c === '{') {
      let unbounded = c !== '?';
      if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(i));
        if (!m) continue;
        unbounded = m[2] !== undefined && m[3] === '';
        i += m[0].length - 1;
      }
      if (src[i + 1] === '?') i++;
      if (unbounded && lastGroup && (lastGroup.repeats || lastGroup.alternates)) {
        return 'a repeated group that itself repeats or alternates (e.g. (a+)+) could take exponential time';
      }
      top.repeats = true;
      lastGroup = undefined;
    } else lastGroup = undefined;
  }
  try {
    return new RegExp(src, flags);
  } catch (e) {
    return `invalid pattern: ${(e as Error).message}`;
  }
}

const cache = new Map<string, RegExp | string>();

export function regexFor(pattern: string): RegExp | string {
  let re = cache.get(pattern);
  if (re === undefined) {
    re = compileRegex(pattern);
    if (cache.size >= 256) cache.clear();
    cache.set(pattern, re);
  }
  return re;
}

export function matchWith(re: RegExp, s: Val): Val {
  if (typeof s !== 'string') return noOverload('matches', s);
  if (s.length > MAX_MATCH_SUBJECT)
    return new CelError(`matches() subject longer than ${MAX_MATCH_SUBJECT} characters`);
  return re.test(s);
}

export function matches(s: Val, pattern: Val): Val {
  if (typeof pattern !== 'string') return noOverload('matches', s, pattern);
  const re = regexFor(pattern);
  return typeof re === 'string' ? new CelError(re) : matchWith(re, s);
}
