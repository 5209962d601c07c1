import type { LiveEvent } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { isIgnored, kindOf, previousOfKind, structuralDiff } from './diff.ts';

const ev = (offset: number, cls: string, operation: string, data: unknown, direction = 'notification') =>
  ({
    epoch: 'e',
    offset,
    at: offset,
    subject: 's',
    data,
    meta: { direction, class: cls, operation, clientType: 'hub' },
  }) as unknown as LiveEvent;

describe('structural diff', () => {
  it('lists changed, added and removed keys by path, through objects and arrays', () => {
    const a = { items: [{ payload: { value: 10, featureId: 'f1' } }], seq: 1, gone: true };
    const b = { items: [{ payload: { value: 11, featureId: 'f1' } }], seq: 2, extra: 'x' };
    expect(structuralDiff(a, b)).toEqual([
      { path: 'items.0.payload.value', kind: 'changed', before: 10, after: 11 },
      { path: 'seq', kind: 'changed', before: 1, after: 2 },
      { path: 'gone', kind: 'removed', before: true },
      { path: 'extra', kind: 'added', after: 'x' },
    ]);
  });
  it('leaves out ignored keys and everything under them', () => {
    const a = { seq: 1, items: [{ payload: { value: 1 } }] };
    const b = { seq: 2, items: [{ payload: { value: 2 } }] };
    expect(structuralDiff(a, b, new Set(['seq', 'items.0.payload'])).length).toBe(0);
    expect(isIgnored('items.0.payload.value', new Set(['items']))).toBe(true);
    expect(isIgnored('itemsX', new Set(['items']))).toBe(false);
  });
  it('finds nothing between equal messages, and a whole change between different types', () => {
    expect(structuralDiff({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
    expect(structuralDiff(1, 'x')).toEqual([
      { path: '(whole message)', kind: 'changed', before: 1, after: 'x' },
    ]);
  });
  it('pairs an entry with the previous one of its class.operation and direction', () => {
    const rows = [
      ev(4, 'feature', 'event', { v: 2 }),
      ev(3, 'feature', 'read', { v: 9 }, 'response'),
      ev(2, 'feature', 'event', { v: 9 }, 'request'),
      ev(1, 'feature', 'event', { v: 1 }),
    ];
    expect(kindOf(rows[0] as LiveEvent)).toBe('feature.event');
    expect(previousOfKind(rows, 0)?.offset).toBe(1);
    expect(previousOfKind(rows, 3)).toBeNull();
  });
});
