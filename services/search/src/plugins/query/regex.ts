/** The longest pattern a query may carry: enough for any search, too short to hide an attack. */
export const REGEX_MAX = 100;
/** The largest repeat count FerretDB's regular expressions (Go's RE2) accept. */
const REPEAT_MAX = 1000;

/**
 * Why a $regex (and its $options) is refused, or null when it may run.
 *
 * FerretDB evaluates `$regex` with Go's RE2, which refuses much that JavaScript accepts (look-around,
 * back-references, `\Z`, `\u0041`, `a++`...): such a pattern used to reach the database and come back
 * as a 500. So the pattern is read here by the rules of the subset both dialects share — one
 * walk, token by token — and anything outside it is refused with the reason. The same walk finds the
 * shape of catastrophic backtracking: a repeated group whose body itself repeats or alternates,
 * however deeply nested (`(a+)+`, `((a+))+`, `(a|aa)*`).
 */
export function regexProblem(pattern: string, options: unknown): string | null {
  if (pattern.length > REGEX_MAX) return `$regex is limited to ${REGEX_MAX} characters.`;
  if (options !== undefined && (typeof options !== 'string' || !/^[im]{0,2}$/.test(options))) {
    return '$options may only be i and m.';
  }
  const problem = new Walk(pattern).run();
  if (problem) return `$regex ${problem}`;
  try {
    new RegExp(pattern, typeof options === 'string' ? options : '');
  } catch {
    return '$regex is not a valid regular expression.';
  }
  return null;
}

// Escapes both dialects read the same way, outside and inside a character class.
const CLASS_ESCAPES = new Set(['d', 'D', 'w', 'W', 's', 'S']);
const CONTROL_ESCAPES = new Set(['t', 'n', 'r', 'f', 'v']);
const PUNCTUATION = /^[!-/:-@[-`{-~]$/;

interface Group {
  /** Something inside repeats (a quantifier, at any depth). */
  repeats: boolean;
  alternates: boolean;
}

class Walk {
  private i = 0;
  private readonly stack: Group[] = [{ repeats: false, alternates: false }];
  /** What a quantifier here would apply to: null at the start of a pattern, group or alternative. */
  private atom: 'char' | 'group' | 'quantified' | null = null;
  private closed: Group | null = null;

  private readonly p: string;

  constructor(pattern: string) {
    this.p = pattern;
  }

  run(): string | null {
    while (this.i < this.p.length) {
      const problem = this.step();
      if (problem) return problem;
    }
    if (this.stack.length > 1) return 'has an unclosed group.';
    return null;
  }

  private step(): string | null {
    const c = this.p[this.i] as string;
    const top = this.stack[this.stack.length - 1] as Group;
    if (c === '\\') return this.escape(false);
    if (c === '[') return this.charClass();
    if (c === '(') {
      if (this.p[this.i + 1] === '?') {
        if (this.p[this.i + 2] !== ':') return 'uses (?…) syntax the database does not support (only (?:…)).';
        this.i += 1;
      }
      this.i += 1;
      this.stack.push({ repeats: false, alternates: false });
      this.atom = null;
      return null;
    }
    if (c === ')') {
      if (this.stack.length === 1) return 'has an unmatched ).';
      this.closed = this.stack.pop() as Group;
      const parent = this.stack[this.stack.length - 1] as Group;
      parent.repeats ||= this.closed.repeats;
      parent.alternates ||= this.closed.alternates;
      this.i += 1;
      this.atom = 'group';
      return null;
    }
    if (c === '|') {
      top.alternates = true;
      this.i += 1;
      this.atom = null;
      return null;
    }
    if (c === '*' || c === '+' || c === '?' || c === '{') return this.quantifier(top);
    if (c === '}' || c === ']') return `has a lone ${c}; escape it as \\${c}.`;
    if (c === '^' || c === '$') {
      this.i += 1;
      this.atom = null;
      return null;
    }
    this.i += 1;
    this.atom = 'char';
    return null;
  }

  private quantifier(top: Group): string | null {
    const c = this.p[this.i] as string;
    let length = 1;
    if (c === '{') {
      const m = /^\{(\d{1,4})(,(\d{0,4}))?\}/.exec(this.p.slice(this.i));
      if (!m) return 'has a { that is not a repeat count {n}, {n,} or {n,m}; escape it as \\{.';
      const low = Number(m[1]);
      const high = m[3] ? Number(m[3]) : low;
      if (low > REPEAT_MAX || high > REPEAT_MAX) return `repeat counts are limited to ${REPEAT_MAX}.`;
      if (high < low) return 'has a repeat count whose maximum is below its minimum.';
      length = m[0].length;
    }
    if (this.atom === null) return 'has a repeat (*, +, ?, {n}) with nothing before it to repeat.';
    if (this.atom === 'quantified')
      return 'repeats a repeat (such as a++ or a{2}{3}), which the database refuses.';
    if (this.atom === 'group' && this.closed && (this.closed.repeats || this.closed.alternates)) {
      return 'with a repeated group of repeats or alternatives (such as (a+)+ or (a|aa)*) is not allowed.';
    }
    this.i += length;
    if (this.p[this.i] === '?') this.i += 1; // lazy: same dialect in both
    top.repeats = true;
    this.atom = 'quantified';
    return null;
  }

  /** One escape; inside a class only character escapes make sense. */
  private escape(inClass: boolean): string | null {
    const e = this.p[this.i + 1];
    if (e === undefined) return 'ends with a lone \\.';
    this.i += 2;
    this.atom = 'char';
    if (CLASS_ESCAPES.has(e) || CONTROL_ESCAPES.has(e) || PUNCTUATION.test(e)) return null;
    if (!inClass && (e === 'b' || e === 'B')) {
      this.atom = null;
      return null;
    }
    if (e === 'x' && /^[0-9a-fA-F]{2}$/.test(this.p.slice(this.i, this.i + 2))) {
      this.i += 2;
      return null;
    }
    if (/[0-9]/.test(e)) return 'back-references and numeric escapes are not allowed.';
    return `uses the escape \\${e}, which the database does not support.`;
  }

  private charClass(): string | null {
    const start = this.i;
    this.i += 1;
    if (this.p[this.i] === '^') this.i += 1;
    if (this.p[this.i] === ']') this.i += 1; // a leading ] is a literal in both dialects
    let previousWasClass = false;
    while (this.i < this.p.length && this.p[this.i] !== ']') {
      const c = this.p[this.i] as string;
      if (c === '[' && this.p[this.i + 1] === ':')
        return 'uses a [:class:], which the database reads differently.';
      if (c === '\\') {
        const e = this.p[this.i + 1];
        const problem = this.escape(true);
        if (problem) return problem;
        if (this.p[this.i - 3] === '-' && CLASS_ESCAPES.has(e ?? ''))
          return 'has a range ending in \\d, \\w or \\s.';
        previousWasClass = CLASS_ESCAPES.has(e ?? '');
        continue;
      }
      if (c === '-' && previousWasClass && this.p[this.i + 1] !== ']') {
        return 'has a range starting at \\d, \\w or \\s.';
      }
      previousWasClass = false;
      this.i += 1;
    }
    if (this.i >= this.p.length) return `has an unclosed [ at ${start + 1}.`;
    this.i += 1;
    this.atom = 'char';
    return null;
  }
}
