import { describe, expect, it } from 'vitest';
import { foldDepth } from './json-depth.ts';

describe('foldDepth', () => {
  const doc = { a: 1, b: { c: [1, 2, { d: 'x' }], e: { f: { g: true } } } };
  it('folds everything below the depth into a summary', () => {
    expect(foldDepth(doc, 1)).toEqual({ a: 1, b: '{…2 keys}' });
    expect(foldDepth(doc, 2)).toEqual({ a: 1, b: { c: '[…3 items]', e: '{…1 keys}' } });
    expect(foldDepth(doc, 3)).toEqual({ a: 1, b: { c: [1, 2, '{…1 keys}'], e: { f: '{…1 keys}' } } });
  });
  it('leaves a shallow value whole and scalars as they are', () => {
    expect(foldDepth(doc, 5)).toEqual(doc);
    expect(foldDepth('text', 1)).toBe('text');
    expect(foldDepth(null, 1)).toBeNull();
  });
});
