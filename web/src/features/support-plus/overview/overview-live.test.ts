import { describe, expect, it } from 'vitest';
import { liveInErrorState, readBusiest } from './overview-live.ts';

describe('liveInErrorState', () => {
  it('counts the links in error state that are in the live list, each once', () => {
    const live = [{ hubId: 1 }, { hubId: 2 }, { hubId: 5 }];
    expect(liveInErrorState([2, 3, 5, 9], live)).toBe(2);
    expect(liveInErrorState([], live)).toBe(0);
    expect(liveInErrorState([4], [])).toBe(0);
  });
});

describe('readBusiest', () => {
  it('keeps the hubs with a whole id and a rate, busiest first, and nothing from anything else', () => {
    expect(
      readBusiest([
        { hubId: 12, messagesPerSecond: 0.4 },
        { hubId: 3157468799, messagesPerSecond: 4 },
        { hubId: '7', messagesPerSecond: 9 },
        { hubId: 8, messagesPerSecond: -1 },
        { hubId: 9.5, messagesPerSecond: 2 },
        null,
        { hubId: 13 },
      ]),
    ).toEqual([
      { hubId: 3157468799, messagesPerSecond: 4 },
      { hubId: 12, messagesPerSecond: 0.4 },
    ]);
    expect(readBusiest(undefined)).toEqual([]);
    expect(readBusiest({ hubId: 1, messagesPerSecond: 1 })).toEqual([]);
  });
});
