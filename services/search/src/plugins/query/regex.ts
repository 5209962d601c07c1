/** The longest pattern a query may carry: enough for any search, too short to hide an attack. */
export const REGEX_MAX = 100;

// A quantified group that itself ends in a quantifier — (a+)+, (\w*)*, (x{2,}){3,} — is the shape of
// catastrophic backtracking; so is a group of alternatives under a quantifier.
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}?]\)\s*[+*{?]/;
const QUANTIFIED_ALTERNATION = /\((?:[^()\\]|\\.)*\|(?:[^()\\]|\\.)*\)\s*[+*{]/;
const BACKREFERENCE = /\\[1-9]|\\k</;

/** Why a $regex (and its $options) is refused, or null when it may run. */
export function regexProblem(pattern: string, options: unknown): string | null {
  if (pattern.length > REGEX_MAX) return `$regex is limited to ${REGEX_MAX} characters.`;
  if (options !== undefined && (typeof options !== 'string' || !/^[im]{0,2}$/.test(options))) {
    return '$options may only be i and m.';
  }
  if (NESTED_QUANTIFIER.test(pattern) || QUANTIFIED_ALTERNATION.test(pattern)) {
    return '$regex with a repeated group of repeats (such as (a+)+) is not allowed.';
  }
  if (BACKREFERENCE.test(pattern)) return '$regex back-references are not allowed.';
  try {
    new RegExp(pattern, typeof options === 'string' ? options : '');
  } catch {
    return '$regex is not a valid regular expression.';
  }
  return null;
}
