// A reader for the part of the protobuf text format the CEL specification's test files use: fields as
// `name: scalar`, `name { … }` or `name: { … }` (also `< … >`), repeated fields by repetition, `#` comments,
// optional `,`/`;` separators, quoted strings with C escapes (they are bytes), numbers and enum names.
import { SIMPLE_ESCAPES } from '../lexer.ts';

export type Scalar = { kind: 'string'; bytes: Uint8Array } | { kind: 'token'; text: string };
export interface Message {
  [field: string]: (Scalar | Message)[];
}

export function isScalar(v: Scalar | Message): v is Scalar {
  return typeof (v as Scalar).kind === 'string';
}

export function parseTextproto(text: string): Message {
  let i = 0;
  const skipSpace = () => {
    for (;;) {
      while (i < text.length && /[\s,;]/.test(text[i] as string)) i++;
      if (text[i] !== '#') return;
      while (i < text.length && text[i] !== '\n') i++;
    }
  };
  const fail = (what: string): never => {
    throw new Error(`textproto: ${what} at offset ${i}: ${JSON.stringify(text.slice(i, i + 30))}`);
  };
  const name = () => {
    const m = /^[A-Za-z_][A-Za-z0-9_.]*|^\[[^\]]+\]/.exec(text.slice(i));
    if (!m) fail('expected a field name');
    i += (m as RegExpExecArray)[0].length;
    return (m as RegExpExecArray)[0];
  };
  const message = (close: string | undefined): Message => {
    const out: Message = {};
    for (;;) {
      skipSpace();
      if (close === undefined ? i >= text.length : text[i] === close) {
        i++;
        return out;
      }
      if (i >= text.length) fail('unexpected end');
      const field = name();
      skipSpace();
      if (text[i] === ':') {
        i++;
        skipSpace();
      }
      const open = text[i];
      let value: Scalar | Message;
      if (open === '{' || open === '<') {
        i++;
        value = message(open === '{' ? '}' : '>');
      } else value = scalar();
      const list = out[field];
      if (list) list.push(value);
      else out[field] = [value];
    }
  };
  const scalar = (): Scalar => {
    const c = text[i];
    if (c !== '"' && c !== "'") {
      const m = /^[-+]?[A-Za-z0-9_.+-]+/.exec(text.slice(i));
      if (!m) return fail('expected a value');
      i += m[0].length;
      return { kind: 'token', text: m[0] };
    }
    const bytes: number[] = [];
    // Adjacent quoted strings are one value.
    while (text[i] === '"' || text[i] === "'") {
      i = quoted(text, i, bytes);
      skipSpace();
    }
    return { kind: 'string', bytes: Uint8Array.from(bytes) };
  };
  return message(undefined);
}

function quoted(text: string, i: number, out: number[]): number {
  const q = text[i] as string;
  const encoder = new TextEncoder();
  i++;
  while (text[i] !== q) {
    if (i >= text.length) throw new Error('textproto: unterminated string');
    const c = text[i] as string;
    if (c !== '\\') {
      const cp = text.codePointAt(i) as number;
      out.push(...encoder.encode(String.fromCodePoint(cp)));
      i += cp > 0xffff ? 2 : 1;
      continue;
    }
    const e = text[i + 1] as string;
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      out.push(simple);
      i += 2;
    } else if (/[0-7]/.test(e)) {
      const m = /^[0-7]{1,3}/.exec(text.slice(i + 1)) as RegExpExecArray;
      out.push(Number.parseInt(m[0], 8) & 0xff);
      i += 1 + m[0].length;
    } else if (e === 'x' || e === 'X') {
      const m = /^[0-9a-fA-F]{1,2}/.exec(text.slice(i + 2)) as RegExpExecArray;
      out.push(Number.parseInt(m[0], 16));
      i += 2 + m[0].length;
    } else if (e === 'u' || e === 'U') {
      const n = e === 'u' ? 4 : 8;
      out.push(...encoder.encode(String.fromCodePoint(Number.parseInt(text.slice(i + 2, i + 2 + n), 16))));
      i += 2 + n;
    } else throw new Error(`textproto: unknown escape \\${e}`);
  }
  return i + 1;
}
