// The CEL specification's own conformance cases (tests/simple/testdata, see README.md) run against this
// evaluator: each case compiled with its bindings as the variables, its value compared by kind and value,
// an expected eval_error satisfied by any error value (messages differ between implementations).
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { CelError, compile } from '../index.ts';
import { type Skip, skips } from './skips.ts';
import { type Message, parseTextproto } from './textproto.ts';
import { one, sameValue, text, toVal } from './values.ts';

const dir = new URL('./testdata/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.textproto'));
const used = new Set<Skip>();
const counts: Record<string, { passed: number; skipped: number }> = {};

function skipFor(file: string, section: string, test: string): Skip | undefined {
  const s = skips.find(
    (x) => x.file === file && x.section === section && (x.test === undefined || x.test === test),
  );
  if (s) used.add(s);
  return s;
}

function runCase(t: Message): void {
  const bindings: Record<string, unknown> = {};
  for (const b of t.bindings ?? []) {
    const value = one(one(b as Message, 'value') as Message, 'value') as Message;
    bindings[text(one(b as Message, 'key'))] = toVal(value);
  }
  const declared = (t.type_env ?? []).map((d) => text(one(d as Message, 'name')));
  const result = compile(text(one(t, 'expr')), {
    variables: [...declared, ...Object.keys(bindings)],
    checkNames: !(one(t, 'disable_check') && text(one(t, 'disable_check')) === 'true'),
  });
  if (!result.ok)
    throw new Error(`compile failed: ${result.error.message} at ${result.error.position.column}`);
  const got = result.program.eval(bindings);
  if (t.eval_error) {
    expect(got, 'an error value').toBeInstanceOf(CelError);
    return;
  }
  const expected = toVal(one(t, 'value') as Message);
  if (!sameValue(got, expected))
    expect.fail(
      `got ${String(got)} (${JSON.stringify(got, bigints)}), expected ${JSON.stringify(expected, bigints)}`,
    );
}

const bigints = (_: string, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v);

for (const file of files) {
  const source = readFileSync(new URL(file, dir), 'utf8');
  const doc = parseTextproto(source);
  const c = { passed: 0, skipped: 0 };
  counts[file] = c;
  describe(file, () => {
    for (const section of doc.section ?? []) {
      const sectionName = text(one(section as Message, 'name'));
      describe(sectionName, () => {
        for (const t of (section as Message).test ?? []) {
          const name = text(one(t as Message, 'name'));
          const skip = skipFor(file, sectionName, name);
          if (skip) {
            c.skipped++;
            it.skip(`${name} (skipped: ${skip.reason})`, () => {});
            continue;
          }
          it(name, () => {
            runCase(t as Message);
            c.passed++;
          });
        }
      });
    }
  });
}

describe('the textproto reader', () => {
  it('finds every case of every file', () => {
    for (const file of files) {
      const source = readFileSync(new URL(file, dir), 'utf8');
      const doc = parseTextproto(source);
      const found = (doc.section ?? []).reduce((n, s) => n + ((s as Message).test ?? []).length, 0);
      expect([file, found]).toEqual([file, source.match(/^\s*test\s*[:{]/gm)?.length]);
    }
  });
});

describe('the skip list', () => {
  it('names only cases that exist', () => {
    expect(skips.filter((s) => !used.has(s))).toEqual([]);
  });
});

afterAll(() => {
  for (const [file, c] of Object.entries(counts))
    console.log(`CEL conformance ${file}: ${c.passed} passed, ${c.skipped} skipped`);
});
