// The syntax of matches() patterns (RE2's, as regex.ts describes): pattern text to a tree of code point
// tests, assertions, concatenations, alternations and repetitions.
const MAX_REPEAT = 1_000;

export type Node =
  | { t: 'char'; test: (cp: number) => boolean }
  | { t: 'assert'; kind: 'bol' | 'eol' | 'begin' | 'end' | 'word' | 'notword' }
  | { t: 'cat'; items: Node[] }
  | { t: 'alt'; items: Node[] }
  | { t: 'repeat'; item: Node; min: number; max: number };

export interface Flags {
  i: boolean;
  s: boolean;
  m: boolean;
}

export class RegexError extends Error {}

export const isWordCp = (cp: number) =>
  (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) || cp === 95;
const isSpaceCp = (cp: number) => cp === 32 || (cp >= 9 && cp <= 13);
const isDigitCp = (cp: number) => cp >= 48 && cp <= 57;

const PERL: Record<string, (cp: number) => boolean> = {
  d: isDigitCp,
  D: (cp) => !isDigitCp(cp),
  w: isWordCp,
  W: (cp) => !isWordCp(cp),
  s: isSpaceCp,
  S: (cp) => !isSpaceCp(cp),
};
const ESCAPED: Record<string, number> = { n: 10, t: 9, r: 13, f: 12, v: 11, a: 7 };

function foldCase(test: (cp: number) => boolean): (cp: number) => boolean {
  return (cp) => {
    if (test(cp)) return true;
    const s = String.fromCodePoint(cp);
    const lower = s.toLowerCase().codePointAt(0) as number;
    const upper = s.toUpperCase().codePointAt(0) as number;
    return (lower !== cp && test(lower)) || (upper !== cp && test(upper));
  };
}

export class RegexParser {
  private i = 0;
  private readonly cps: number[];
  private readonly flags: Flags;
  constructor(pattern: string, flags: Flags) {
    this.cps = Array.from(pattern, (c) => c.codePointAt(0) as number);
    this.flags = flags;
  }

  private peek(): string | undefined {
    const cp = this.cps[this.i];
    return cp === undefined ? undefined : String.fromCodePoint(cp);
  }

  parse(): Node {
    const n = this.alternation();
    if (this.i < this.cps.length) throw new RegexError('unbalanced parenthesis');
    return n;
  }

  private alternation(): Node {
    const items = [this.concatenation()];
    while (this.peek() === '|') {
      this.i++;
      items.push(this.concatenation());
    }
    return items.length === 1 ? (items[0] as Node) : { t: 'alt', items };
  }

  private concatenation(): Node {
    const items: Node[] = [];
    for (let c = this.peek(); c !== undefined && c !== '|' && c !== ')'; c = this.peek()) {
      items.push(this.repetition(this.atom()));
    }
    return { t: 'cat', items };
  }

  private repetition(item: Node): Node {
    for (;;) {
      const c = this.peek();
      let min: number;
      let max: number;
      if (c === '*' || c === '+' || c === '?') {
        this.i++;
        [min, max] = c === '*' ? [0, -1] : c === '+' ? [1, -1] : [0, 1];
      } else if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(String.fromCodePoint(...this.cps.slice(this.i, this.i + 16)));
        if (!m) return item;
        this.i += m[0].length;
        min = Number(m[1]);
        max = m[2] === undefined ? min : m[3] === '' ? -1 : Number(m[3]);
        if (min > MAX_REPEAT || max > MAX_REPEAT || (max >= 0 && max < min))
          throw new RegexError('bad repetition count');
      } else return item;
      if (item.t === 'assert' || (item.t === 'cat' && item.items.length === 0))
        throw new RegexError('missing argument to repetition operator');
      if (this.peek() === '?') this.i++;
      if (this.peek() === '*' || this.peek() === '+') throw new RegexError('bad repetition operator');
      item = { t: 'repeat', item, min, max };
    }
  }

  private atom(): Node {
    const c = this.peek() as string;
    this.i++;
    switch (c) {
      case '(':
        return this.group();
      case '[':
        return this.charClass();
      case '.': {
        const s = this.flags.s;
        return { t: 'char', test: (cp) => s || cp !== 10 };
      }
      case '^':
        return { t: 'assert', kind: this.flags.m ? 'bol' : 'begin' };
      case '$':
        return { t: 'assert', kind: this.flags.m ? 'eol' : 'end' };
      case '\\':
        return this.escape();
      case '*':
      case '+':
      case '?':
        throw new RegexError('missing argument to repetition operator');
      default:
        return this.literal(c.codePointAt(0) as number);
    }
  }

  private literal(cp: number): Node {
    const test = (x: number) => x === cp;
    return { t: 'char', test: this.flags.i ? foldCase(test) : test };
  }

  private group(): Node {
    if (this.peek() === '?') {
      const rest = String.fromCodePoint(...this.cps.slice(this.i, this.i + 4));
      if (/^\?<?[=!]/.test(rest)) throw new RegexError('look-around is not supported (RE2)');
      const named = /^\?P?<[A-Za-z_][A-Za-z0-9_]*>/.exec(
        String.fromCodePoint(...this.cps.slice(this.i, this.i + 40)),
      );
      if (named) this.i += named[0].length;
      else if (rest.startsWith('?:')) this.i += 2;
      else throw new RegexError('unsupported group flags');
    }
    const inner = this.alternation();
    if (this.peek() !== ')') throw new RegexError('missing closing )');
    this.i++;
    return inner;
  }

  /** An escape after a backslash, outside a character class. */
  private escape(): Node {
    const c = this.peek();
    if (c === undefined) throw new RegexError('trailing backslash');
    this.i++;
    const perl = PERL[c];
    if (perl) return { t: 'char', test: perl };
    if (/[1-9]/.test(c)) throw new RegexError('back-references are not supported (RE2)');
    if (c === 'b' || c === 'B') return { t: 'assert', kind: c === 'b' ? 'word' : 'notword' };
    if (c === 'A' || c === 'z') return { t: 'assert', kind: c === 'A' ? 'begin' : 'end' };
    if (c === 'p' || c === 'P') return this.unicodeClass(c === 'P');
    const escaped = ESCAPED[c];
    if (escaped !== undefined) return this.literal(escaped);
    if (c === 'x') return this.literal(this.hexEscape());
    if (/[A-Za-z0-9]/.test(c)) throw new RegexError(`invalid escape \\${c}`);
    return this.literal(c.codePointAt(0) as number);
  }

  private unicodeClass(negated: boolean): Node {
    let name = this.peek() ?? '';
    this.i++;
    if (name === '{') {
      const close = this.cps.indexOf(125, this.i);
      if (close < 0) throw new RegexError('missing } in \\p{...}');
      name = String.fromCodePoint(...this.cps.slice(this.i, close));
      this.i = close + 1;
    }
    let re: RegExp;
    try {
      re = new RegExp(`^\\p{${name}}$`, 'u');
    } catch {
      throw new RegexError(`unknown Unicode class ${name}`);
    }
    // One code point against one property: no backtracking is possible here.
    return { t: 'char', test: (cp) => re.test(String.fromCodePoint(cp)) !== negated };
  }

  private charClass(): Node {
    const negated = this.peek() === '^';
    if (negated) this.i++;
    const tests: ((cp: number) => boolean)[] = [];
    let first = true;
    for (;;) {
      const c = this.peek();
      if (c === undefined) throw new RegexError('missing closing ]');
      if (c === ']' && !first) {
        this.i++;
        break;
      }
      first = false;
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(String.fromCodePoint(...this.cps.slice(this.i, this.i + 12)));
      if (posix) {
        tests.push(posixClass(posix[2] as string, posix[1] === '^'));
        this.i += posix[0].length;
        continue;
      }
      const lo = this.classAtom();
      if (typeof lo !== 'number') {
        tests.push(lo);
        continue;
      }
      if (this.peek() === '-' && this.cps[this.i + 1] !== 93 && this.cps[this.i + 1] !== undefined) {
        this.i++;
        const hi = this.classAtom();
        if (typeof hi !== 'number' || hi < lo) throw new RegexError('bad character class range');
        tests.push((cp) => cp >= lo && cp <= hi);
      } else tests.push((cp) => cp === lo);
    }
    const inClass = (cp: number) => tests.some((t) => t(cp));
    const test = this.flags.i ? foldCase(inClass) : inClass;
    return { t: 'char', test: negated ? (cp) => !test(cp) : test };
  }

  /** A code point, or a test for an escaped class such as \d or \pL. */
  private classAtom(): number | ((cp: number) => boolean) {
    const cp = this.cps[this.i++] as number;
    if (cp !== 92) return cp;
    const e = this.peek();
    if (e === undefined) throw new RegexError('trailing backslash');
    this.i++;
    const perl = PERL[e];
    if (perl) return perl;
    if (e === 'p' || e === 'P') return (this.unicodeClass(e === 'P') as Extract<Node, { t: 'char' }>).test;
    const escaped = ESCAPED[e];
    if (escaped !== undefined) return escaped;
    if (e === 'x') return this.hexEscape();
    if (/[A-Za-z0-9]/.test(e)) throw new RegexError(`invalid escape \\${e} in character class`);
    return e.codePointAt(0) as number;
  }

  private hexEscape(): number {
    const text = String.fromCodePoint(...this.cps.slice(this.i, this.i + 10));
    const m = /^\{([0-9a-fA-F]{1,6})\}|^([0-9a-fA-F]{2})/.exec(text);
    if (!m) throw new RegexError('invalid escape \\x');
    this.i += m[0].length;
    return Number.parseInt((m[1] ?? m[2]) as string, 16);
  }
}

function posixClass(name: string, negated: boolean): (cp: number) => boolean {
  const tests: Record<string, (cp: number) => boolean> = {
    alpha: (cp) => (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122),
    digit: isDigitCp,
    alnum: (cp) => isDigitCp(cp) || (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122),
    space: isSpaceCp,
    upper: (cp) => cp >= 65 && cp <= 90,
    lower: (cp) => cp >= 97 && cp <= 122,
    word: isWordCp,
    xdigit: (cp) => isDigitCp(cp) || (cp >= 65 && cp <= 70) || (cp >= 97 && cp <= 102),
    punct: (cp) =>
      (cp >= 33 && cp <= 47) || (cp >= 58 && cp <= 64) || (cp >= 91 && cp <= 96) || (cp >= 123 && cp <= 126),
  };
  const t = tests[name];
  if (!t) throw new RegexError(`unknown class [:${name}:]`);
  return negated ? (cp) => !t(cp) : t;
}
