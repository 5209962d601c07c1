import { describe, expect, it } from 'vitest';
import {
  byTimelineOrder,
  CURSOR_PATTERN,
  decodeCursor,
  encodeCursor,
  hubOfSubject,
  momentPath,
  newer,
  streamKey,
} from './timeline.ts';

describe('timeline order and cursors', () => {
  it('orders by time, then by key, newest first; stream keys sort as their sequences', () => {
    const e = [
      { at: 5, key: streamKey(9) },
      { at: 7, key: 'a:1' },
      { at: 5, key: streamKey(10) },
      { at: 5, key: 'g:deleted:8' },
    ];
    expect([...e].sort(byTimelineOrder).map((x) => x.key)).toEqual([
      'a:1',
      streamKey(10),
      streamKey(9),
      'g:deleted:8',
    ]);
    expect(newer({ at: 5, key: streamKey(10) }, { at: 5, key: streamKey(9) })).toBe(true);
    expect(newer({ at: 5, key: streamKey(9) }, { at: 5, key: streamKey(9) })).toBe(false);
  });

  it('round-trips cursors; a bare time is the end of its millisecond', () => {
    const c = encodeCursor({ at: 1700000000000, key: streamKey(42) });
    expect(new RegExp(CURSOR_PATTERN).test(c)).toBe(true);
    expect(decodeCursor(c)).toEqual({ at: 1700000000000, key: streamKey(42) });
    const bare = decodeCursor('1700000000000');
    expect(newer(bare, { at: 1700000000000, key: 'z:ffff' })).toBe(true);
    expect(new RegExp(CURSOR_PATTERN).test('1;drop')).toBe(false);
  });
});

describe('a link to a moment', () => {
  it('carries hub, epoch, sequence, time and the filters', () => {
    const path = momentPath({
      hubId: '123',
      epoch: 'abc_-1',
      seq: 42,
      at: 1700000000000,
      filter: { classes: ['feature', 'system'], text: ' hello ', operations: [] },
    });
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/supportPlus/hub/123/timeline');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      epoch: 'abc_-1',
      seq: '42',
      at: '1700000000000',
      classes: 'feature,system',
      text: 'hello',
    });
  });

  it('reads the hub of a stream subject, with or without a prefix', () => {
    expect(hubOfSubject('console.hub.77.msg.request.system.read')).toBe('77');
    expect(hubOfSubject('hub.77.presence')).toBe('77');
    expect(hubOfSubject('console.hub.77.cmd')).toBeNull();
    expect(hubOfSubject('console.wfl.77.ping')).toBeNull();
  });
});
