import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLiveStore } from '../../shared/live/live-store.ts';
import { startOfSearch, startTimelineOfSearch } from './early.ts';
import { timelinePreviewOptions, timelineQueryOptions } from './queries.ts';
import { emptyPage } from './test-page.ts';

const page = (only: boolean) => emptyPage('e1', only);

/** Answers every request like the gateway would, and records what was asked. */
function fakeFetch() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(page(url.includes('only=stream'))), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useLiveStore.setState({ topics: {} });
});

describe('the timeline’s early start', () => {
  it('opens where the screen opens: a moment, a jump, or the newest entries', () => {
    expect(startOfSearch({}, () => 5)).toEqual({ kind: 'newest' });
    expect(startOfSearch({ jump: 9 }, () => 5)).toEqual({ kind: 'moment', at: 9 });
    expect(startOfSearch({ epoch: 'e', seq: 3, at: 7 }, () => 5)).toEqual({
      kind: 'moment',
      epoch: 'e',
      seq: 3,
      at: 7,
    });
    expect(startOfSearch({ seq: 3 }, () => 5)).toEqual({ kind: 'moment', epoch: undefined, seq: 3, at: 5 });
  });

  it('asks for the newest page and the hub stream’s stand-in, under the keys the list reads', async () => {
    const asked = fakeFetch();
    const qc = new QueryClient();
    startTimelineOfSearch(qc, '42', {});
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    expect(asked.some((u) => u.includes('/hub/42/timeline?limit=300') && !u.includes('only='))).toBe(true);
    expect(asked.some((u) => u.includes('only=stream'))).toBe(true);
    await vi.waitFor(() => {
      expect(qc.getQueryData(timelineQueryOptions('42', {}, { kind: 'newest' }).queryKey)).toBeTruthy();
      expect(qc.getQueryData(timelinePreviewOptions('42', {}).queryKey)).toMatchObject({ partial: true });
    });
    // Started once: a second match (the screen's own render, a preload) asks nothing more.
    startTimelineOfSearch(qc, '42', {});
    expect(asked).toHaveLength(2);
  });

  it('uses a link’s filters, else the hub’s filters in the live store', async () => {
    const asked = fakeFetch();
    const qc = new QueryClient();
    useLiveStore.getState().setFilter('hub:7', { classes: ['system'] });
    startTimelineOfSearch(qc, '7', {});
    startTimelineOfSearch(qc, '8', { classes: 'feature', jump: 1000 });
    await vi.waitFor(() => expect(asked).toHaveLength(3));
    expect(asked.filter((u) => u.includes('/hub/7/')).every((u) => u.includes('classes=system'))).toBe(true);
    // A jump opens at a moment: no stand-in (the stream's newest are not what it shows).
    const eight = asked.filter((u) => u.includes('/hub/8/'));
    expect(eight).toHaveLength(1);
    expect(eight[0]).toContain('classes=feature');
    expect(eight[0]).toContain('at=1000');
  });

  it('starts nothing for a link to a sequence without its time, or a hub id that is not one', () => {
    const asked = fakeFetch();
    const qc = new QueryClient();
    startTimelineOfSearch(qc, '42', { seq: 5 });
    startTimelineOfSearch(qc, 'abc', {});
    expect(asked).toEqual([]);
  });
});
