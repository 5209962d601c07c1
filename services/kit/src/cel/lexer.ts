// CEL's tokens: numbers (int, uint with u/U, double, hex), strings and bytes (quoted, raw, triple-quoted),
// identifiers (reserved words refused), quoted field names in backticks, punctuation and `//` comments.
import { CelUint, INT64_MAX, UINT64_MAX } from './values.ts';

export type TokenKind = 'int' | 'uint' | 'double' | 'string' | 'bytes' | 'ident' | 'quoted' | 'punct' | 'eof';

export interface Token {
  kind: TokenKind;
  /** The text for punctuation and identifiers; the decoded value for strings and numbers. */
  text: string;
  bytes?: Uint8Array;
  offset: number;
}

export class CelSyntaxError extends Error {
  readonly offset: number;
  constructor(message: string, offset: number) {
    super(message);
    this.offset = offset;
  }
}

const PUNCT = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '+', '-', '*', '/', '%', '?', ':'];
const SINGLE = '.,()[]{}';

const HINTS: Record<string, string> = {
  '=': "compare with '=='",
  '&': "'and' is '&&'",
  '|': "'or' is '||'",
  ';': 'an expression has no statements',
};

export const RESERVED = new Set([
  'as',
  'break',
  'const',
  'continue',
  'else',
  'for',
  'function',
  'if',
  'import',
  'let',
  'loop',
  'package',
  'namespace',
  'return',
  'var',
  'void',
  'while',
]);

const isDigit = (c: string) => c >= '0' && c <= '9';
const isIdentStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isIdentPart = (c: string) => isIdentStart(c) || isDigit(c);
const isHex = (c: string) => /^[0-9a-fA-F]$/.test(c);

export function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i] as string;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') {
      i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
      continue;
    }
    const start = i;
    if (isDigit(c) || (c === '.' && isDigit(src[i + 1] ?? ''))) {
      i = number(src, i, out);
      continue;
    }
    const lower = c.toLowerCase();
    if (
      (lower === 'r' || lower === 'b') &&
      (src[i + 1] === '"' ||
        src[i + 1] === "'" ||
        (/[rRbB]/.test(src[i + 1] ?? '') && /["']/.test(src[i + 2] ?? '')))
    ) {
      let raw = false;
      let bytes = false;
      while (/[rRbB]/.test(src[i] ?? '')) {
        if ((src[i] as string).toLowerCase() === 'r') raw = true;
        else bytes = true;
        i++;
      }
      i = quoted(src, i, raw, bytes, start, out);
      continue;
    }
    if (c === '"' || c === "'") {
      i = quoted(src, i, false, false, start, out);
      continue;
    }
    if (isIdentStart(c)) {
      while (i < src.length && isIdentPart(src[i] as string)) i++;
      const text = src.slice(start, i);
      if (RESERVED.has(text)) throw new CelSyntaxError(`'${text}' is a reserved word`, start);
      out.push({ kind: 'ident', text, offset: start });
      continue;
    }
    if (c === '`') {
      const end = src.indexOf('`', i + 1);
      if (end < 0) throw new CelSyntaxError('unterminated quoted field name', start);
      const text = src.slice(i + 1, end);
      if (!/^[A-Za-z0-9_./-]+$/.test(text)) throw new CelSyntaxError('invalid quoted field name', start);
      out.push({ kind: 'quoted', text, offset: start });
      i = end + 1;
      continue;
    }
    const two = src.slice(i, i + 2);
    const p =
      PUNCT.find((x) => x === two) ?? PUNCT.find((x) => x === c) ?? (SINGLE.includes(c) ? c : undefined);
    if (p === undefined) {
      const hint = HINTS[c] ? ` (${HINTS[c]})` : '';
      throw new CelSyntaxError(`unexpected character '${c}'${hint}`, start);
    }
    out.push({ kind: 'punct', text: p, offset: start });
    i += p.length;
  }
  out.push({ kind: 'eof', text: '', offset: src.length });
  return out;
}

function number(src: string, i: number, out: Token[]): number {
  const start = i;
  if (src[i] === '0' && (src[i + 1] === 'x' || src[i + 1] === 'X')) {
    i += 2;
    while (isHex(src[i] ?? '')) i++;
    if (i === start + 2) throw new CelSyntaxError('hexadecimal number without digits', start);
  } else {
    while (isDigit(src[i] ?? '')) i++;
    let isDouble = false;
    if (src[i] === '.' && isDigit(src[i + 1] ?? '')) {
      isDouble = true;
      i++;
      while (isDigit(src[i] ?? '')) i++;
    }
    if (src[i] === 'e' || src[i] === 'E') {
      let j = i + 1;
      if (src[j] === '+' || src[j] === '-') j++;
      if (!isDigit(src[j] ?? '')) throw new CelSyntaxError('exponent without digits', i);
      while (isDigit(src[j] ?? '')) j++;
      i = j;
      isDouble = true;
    }
    if (isDouble) {
      out.push({ kind: 'double', text: src.slice(start, i), offset: start });
      return endOfNumber(src, i);
    }
  }
  let kind: TokenKind = 'int';
  const text = src.slice(start, i);
  if (src[i] === 'u' || src[i] === 'U') {
    kind = 'uint';
    i++;
  }
  out.push({ kind, text, offset: start });
  return endOfNumber(src, i);
}

function endOfNumber(src: string, i: number): number {
  if (isIdentPart(src[i] ?? '') || src[i] === '.') {
    if (src[i] !== '.' || !isIdentStart(src[i + 1] ?? '')) throw new CelSyntaxError('malformed number', i);
  }
  return i;
}

function quoted(src: string, i: number, raw: boolean, bytes: boolean, start: number, out: Token[]): number {
  const q = src[i] as string;
  const triple = src.slice(i, i + 3) === q.repeat(3);
  const close = triple ? q.repeat(3) : q;
  i += close.length;
  // Code points, or for bytes literals the bytes themselves (an escape can name a single byte).
  const units: number[] = [];
  const encoder = new TextEncoder();
  const pushText = (s: string) => {
    if (bytes) units.push(...encoder.encode(s));
    else for (const ch of s) units.push(ch.codePointAt(0) as number);
  };
  for (;;) {
    if (i >= src.length) throw new CelSyntaxError('unterminated string', start);
    if (src.startsWith(close, i)) {
      i += close.length;
      break;
    }
    const c = src[i] as string;
    if (!triple && (c === '\n' || c === '\r')) throw new CelSyntaxError('newline in a string', i);
    if (c !== '\\' || raw) {
      const cp = src.codePointAt(i) as number;
      pushText(String.fromCodePoint(cp));
      i += cp > 0xffff ? 2 : 1;
      continue;
    }
    const [value, next, isByte] = readEscape(src, i, bytes);
    if (isByte) units.push(value);
    else pushText(String.fromCodePoint(value));
    i = next;
  }
  if (bytes) out.push({ kind: 'bytes', text: '', bytes: Uint8Array.from(units), offset: start });
  else out.push({ kind: 'string', text: String.fromCodePoint(...units), offset: start });
  return i;
}

/** The single-character escapes CEL shares with C (and protobuf's text format). */
export const SIMPLE_ESCAPES: Record<string, number> = {
  a: 7,
  b: 8,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
  '\\': 92,
  "'": 39,
  '"': 34,
  '`': 96,
  '?': 63,
};

/** One escape at src[i] === '\\': its value, where the literal continues, and whether the value is a byte. */
function readEscape(src: string, i: number, bytes: boolean): [number, number, boolean] {
  const c = src[i + 1] ?? '';
  const simple = SIMPLE_ESCAPES[c];
  if (simple !== undefined) return [simple, i + 2, false];
  const hexRun = (from: number, n: number) => {
    const h = src.slice(from, from + n);
    if (h.length !== n || ![...h].every(isHex)) throw new CelSyntaxError('invalid escape sequence', i);
    return Number.parseInt(h, 16);
  };
  if (c === 'x' || c === 'X') return [hexRun(i + 2, 2), i + 4, bytes];
  if (c === 'u' || c === 'U') {
    if (bytes) throw new CelSyntaxError('unicode escape in a bytes literal', i);
    const n = c === 'u' ? 4 : 8;
    const cp = hexRun(i + 2, n);
    if (cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000)) throw new CelSyntaxError('invalid code point', i);
    return [cp, i + 2 + n, false];
  }
  if (c >= '0' && c <= '3') {
    const o = src.slice(i + 1, i + 4);
    if (!/^[0-7]{3}$/.test(o)) throw new CelSyntaxError('invalid octal escape', i);
    return [Number.parseInt(o, 8), i + 4, bytes];
  }
  throw new CelSyntaxError('invalid escape sequence', i);
}

/** A number token's value; `negative` when a unary minus was folded into it. */
export function numberLiteral(t: Token, negative: boolean): bigint | number | CelUint {
  const text = negative ? `-${t.text}` : t.text;
  if (t.kind === 'double') return Number(text);
  const n = negative ? -BigInt(t.text) : BigInt(t.text);
  if (t.kind === 'uint') {
    if (n > UINT64_MAX) throw new CelSyntaxError('uint literal out of range', t.offset);
    return new CelUint(n);
  }
  if (n > INT64_MAX || n < -INT64_MAX - 1n) throw new CelSyntaxError('int literal out of range', t.offset);
  return n;
}

/** A token as an error message names it. */
export function describe(t: Token): string {
  switch (t.kind) {
    case 'eof':
      return 'end of expression';
    case 'punct':
      return `'${t.text}'`;
    case 'ident':
      return `'${t.text}'`;
    default:
      return `a ${t.kind} literal`;
  }
}
