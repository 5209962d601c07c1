import { describe, expect, it } from 'vitest';
import { liveInErrorState } from './overview-live.ts';

describe('liveInErrorState', () => {
  it('counts the links in error state that are in the live list, each once', () => {
    const live = [{ hubId: 1 }, { hubId: 2 }, { hubId: 5 }];
    expect(liveInErrorState([2, 3, 5, 9], live)).toBe(2);
    expect(liveInErrorState([], live)).toBe(0);
    expect(liveInErrorState([4], [])).toBe(0);
  });
});
