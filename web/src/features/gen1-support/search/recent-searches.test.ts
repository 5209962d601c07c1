import { describe, expect, it } from 'vitest';
import {
  encodeRecent,
  liveSearches,
  parseRecent,
  RECENT_COOKIE,
  RECENT_COOKIE_MAX_BYTES,
  RECENT_TTL_MS,
  recentFromCookies,
  rememberSearch,
} from './recent-searches.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('recent searches', () => {
  it('keeps the last five, newest first', () => {
    let list = rememberSearch([], 'a', { searchterm: 'a' }, 0);
    for (const term of ['b', 'c', 'd', 'e', 'f']) list = rememberSearch(list, term, { searchterm: term }, 1);
    expect(list.map((e) => e.label)).toEqual(['f', 'e', 'd', 'c', 'b']);
  });

  it('moves a repeated search to the top instead of listing it twice', () => {
    let list = rememberSearch([], 'x', { searchterm: 'x' }, 0);
    list = rememberSearch(list, 'MAC 12:34:56', { by: 'mac', value: '12:34:56' }, 1);
    list = rememberSearch(list, 'x', { searchterm: 'x' }, 2);
    expect(list.map((e) => e.label)).toEqual(['x', 'MAC 12:34:56']);
    expect(list[0]?.expires).toBe(2 + RECENT_TTL_MS);
  });

  it('forgets a search 14 days after it was last run', () => {
    const list = rememberSearch([], 'old', { searchterm: 'old' }, 0);
    expect(liveSearches(list, 14 * DAY - 1)).toHaveLength(1);
    expect(liveSearches(list, 14 * DAY)).toHaveLength(0);
    const next = rememberSearch(list, 'new', { searchterm: 'new' }, 15 * DAY);
    expect(next.map((e) => e.label)).toEqual(['new']);
  });

  it('reads stored entries, dropping expired and malformed ones', () => {
    const raw = JSON.stringify([
      { label: 'ok', criteria: { searchterm: 'ok' }, expires: 100 },
      { label: 'gone', criteria: { searchterm: 'gone' }, expires: 10 },
      { label: 3, criteria: {}, expires: 100 },
      null,
    ]);
    expect(parseRecent(raw, 50).map((e) => e.label)).toEqual(['ok']);
    expect(parseRecent('not json', 0)).toEqual([]);
    expect(parseRecent('{"a":1}', 0)).toEqual([]);
    expect(parseRecent(null, 0)).toEqual([]);
  });

  it('round-trips through the cookie string, among other cookies', () => {
    let list = rememberSearch([], 'kim@home.test', { searchterm: 'kim@home.test' }, 0);
    list = rememberSearch(list, 'MAC 12:34:56', { by: 'mac', value: '12:34:56' }, 1);
    const cookies = `a=1; ${RECENT_COOKIE}=${encodeRecent(list)}; b=2`;
    expect(recentFromCookies(cookies, 2)).toEqual(list);
    expect(recentFromCookies('a=1', 2)).toEqual([]);
    expect(recentFromCookies(`${RECENT_COOKIE}=%E0%A4%A`, 2)).toEqual([]);
  });

  it('drops the oldest entries when the list would not fit in a cookie', () => {
    let list = rememberSearch([], 'x'.repeat(900), { searchterm: 'x'.repeat(900) }, 0);
    for (const c of 'abcd') list = rememberSearch(list, c.repeat(900), { searchterm: c.repeat(900) }, 1);
    const value = encodeRecent(list);
    expect(value.length).toBeLessThanOrEqual(RECENT_COOKIE_MAX_BYTES);
    const kept = parseRecent(decodeURIComponent(value), 2);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(5);
    expect(kept[0]?.label).toBe('d'.repeat(900));
  });
});
