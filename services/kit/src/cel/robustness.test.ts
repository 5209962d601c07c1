// Whatever a person types into the fleet lens, compile() answers a program or an error with a position,
// and evaluation answers a value: random token soup and random well-formed expressions, fixed seed.
import { describe, expect, it } from 'vitest';
import { compile } from './index.ts';

describe('robustness', () => {
  // A fixed-seed generator, so a failure names an input that can be replayed.
  let seed = 20261128;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const pieces = [
    'msg',
    '.',
    'items',
    'class',
    '[',
    ']',
    '(',
    ')',
    '{',
    '}',
    ':',
    ',',
    '0',
    '1u',
    '2.5',
    "'a'",
    'b"x"',
    '+',
    '-',
    '*',
    '/',
    '%',
    '==',
    '!=',
    '<',
    '>=',
    '&&',
    '||',
    '!',
    '?',
    'in',
    'true',
    'null',
    'size',
    'exists',
    'map',
    'has',
    'x',
    'matches',
    "'(a+)+'",
    'int',
    'timestamp',
    "'1h'",
    'duration',
    '"',
    '\\',
  ];
  const msg = { class: 'feature', items: [{ x: 1 }, { x: 'a' }], a: [1, [2, [3]]], b: null };

  it('answers every input with a program or an error, and every evaluation with a value', () => {
    for (let n = 0; n < 3000; n++) {
      const src = Array.from({ length: 1 + next(14) }, () => pieces[next(pieces.length)]).join(
        next(2) ? ' ' : '',
      );
      let result: ReturnType<typeof compile>;
      expect(() => {
        result = compile(src, { variables: ['msg'] });
      }, src).not.toThrow();
      // biome-ignore lint/style/noNonNullAssertion: assigned by the callback above
      const r = result!;
      if (r.ok) expect(() => r.program.eval({ msg }), src).not.toThrow();
      else expect(r.error.position.offset, src).toBeLessThanOrEqual(src.length);
    }
  });

  // Random well-formed expressions: these compile (or are refused by a limit) and evaluate to a value.
  const gen = (depth: number, vars: string[]): string => {
    const leaf = () =>
      [
        '0',
        '7u',
        '2.5',
        "'a'",
        'true',
        'null',
        'msg.class',
        'msg.items',
        'msg.a',
        'msg.b',
        'msg.nope',
        ...vars,
        ...vars.map((v) => `${v}.x`),
      ][next(11 + 2 * vars.length)] as string;
    if (depth === 0) return leaf();
    const a = () => gen(depth - 1, vars);
    const v = `v${depth}`;
    switch (next(12)) {
      case 0:
        return `(${a()} ${['+', '-', '*', '/', '%'][next(5)]} ${a()})`;
      case 1:
        return `(${a()} ${['==', '!=', '<', '>=', 'in'][next(5)]} ${a()})`;
      case 2:
        return `(${a()} ${['&&', '||'][next(2)]} ${a()})`;
      case 3:
        return `(${a()} ? ${a()} : ${a()})`;
      case 4:
        return `[${a()}, ${a()}]`;
      case 5:
        return `{${a()}: ${a()}}`;
      case 6:
        return `${['size', 'int', 'string', 'double', 'type', 'uint'][next(6)]}(${a()})`;
      case 7:
        return `${a()}.${['exists', 'all', 'exists_one', 'filter', 'map'][next(5)]}(${v}, ${gen(depth - 1, [...vars, v])})`;
      case 8:
        return `${a()}[${a()}]`;
      case 9:
        return `has(${a()}.x)`;
      case 10:
        return `${['!', '-'][next(2)]}${a()}`;
      default:
        return leaf();
    }
  };

  it('evaluates random well-formed expressions to a value without throwing', () => {
    let compiled = 0;
    for (let n = 0; n < 2000; n++) {
      const src = gen(1 + next(4), []);
      const r = compile(src, { variables: ['msg'] });
      if (!r.ok) {
        expect(r.error.message, src).toMatch(/too costly|too large|nested too deeply/);
        continue;
      }
      compiled++;
      expect(() => r.program.eval({ msg }), src).not.toThrow();
    }
    expect(compiled).toBeGreaterThan(1500);
  });
});
