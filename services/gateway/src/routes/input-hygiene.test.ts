import { describe, expect, it } from 'vitest';
import { badTextAt } from './input-hygiene.ts';

describe('text that cannot be stored', () => {
  it('finds NUL, unpaired surrogates and non-characters, in values and keys, at any depth', () => {
    expect(badTextAt({ email: 'a\u0000b@x.io' }, 'body')).toBe('body.email');
    expect(badTextAt({ a: [{ b: 'x\ud800' }] }, 'body')).toBe('body.a.0.b');
    expect(badTextAt({ a: '\udc00y' }, 'body')).toBe('body.a');
    expect(badTextAt({ a: 'z\uffff' }, 'body')).toBe('body.a');
    expect(badTextAt({ 'k\u0000': 1 }, 'body')).toBe('body (a field name)');
    expect(badTextAt('\u0000', 'params.id')).toBe('params.id');
  });

  it('lets ordinary text through, emoji and other paired surrogates included', () => {
    expect(badTextAt({ name: 'Zoë 😀 — 東京', tabs: 'a\tb\nc', n: 1, t: true, x: null }, 'body')).toBeNull();
  });
});
