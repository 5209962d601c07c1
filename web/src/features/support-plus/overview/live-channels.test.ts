import type { LiveChannel } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { type ChannelAnswer, halvedBatch, loadLiveChannels, refreshChannels } from './live-channels.ts';

const channel = (hubId: number): LiveChannel => ({
  handlerId: `link2.${hubId}.${hubId}`,
  hubId,
  hubIdHex: hubId.toString(16),
  workerId: 'w',
  connectedSince: 1,
  lastSeen: 2,
});

/** A server holding hubs 1..n that pages by marker, with scripted 202s and a page-size limit. */
function server(n: number, { retries = 0, maxPage = 1000 } = {}) {
  const asked: string[] = [];
  let pending = retries;
  const fetchPage = async (from: string, size: number): Promise<ChannelAnswer> => {
    asked.push(`${from}/${size}`);
    if (size > maxPage) return { kind: 'too-large' };
    if (pending-- > 0) return { kind: 'retry' };
    const ids = Array.from({ length: n }, (_, i) => i + 1).filter((id) => id > Number(from));
    const page = ids.slice(0, size);
    return {
      kind: 'page',
      channels: page.map(channel),
      total: n,
      continueFrom: ids.length > size ? String(page.at(-1)) : null,
    };
  };
  return { asked, fetchPage };
}

describe('loadLiveChannels', () => {
  it('reads pages of 500 from the marker until the last page', async () => {
    const s = server(1234);
    const got = await loadLiveChannels({ fetchPage: s.fetchPage, sleep: async () => {} });
    expect(s.asked).toEqual(['0/500', '500/500', '1000/500']);
    expect(got.total).toBe(1234);
    expect(got.channels.map((c) => c.hubId)).toEqual(Array.from({ length: 1234 }, (_, i) => i + 1));
  });

  it('waits 5 s after a 202 and asks the same page again', async () => {
    const s = server(3, { retries: 2 });
    const waits: number[] = [];
    const got = await loadLiveChannels({ fetchPage: s.fetchPage, sleep: async (ms) => void waits.push(ms) });
    expect(waits).toEqual([5000, 5000]);
    expect(s.asked).toEqual(['0/500', '0/500', '0/500']);
    expect(got.total).toBe(3);
  });

  it('gives up after too many 202s with a message a person can act on', async () => {
    const s = server(3, { retries: 100 });
    await expect(
      loadLiveChannels({ fetchPage: s.fetchPage, sleep: async () => {}, maxRetries: 3 }),
    ).rejects.toThrow(/not ready/);
    expect(s.asked).toHaveLength(4);
  });

  it('halves the page on a 413 until the server takes it', async () => {
    const s = server(300, { maxPage: 100 });
    const got = await loadLiveChannels({ fetchPage: s.fetchPage, sleep: async () => {} });
    expect(s.asked.slice(0, 4)).toEqual(['0/500', '0/250', '0/125', '0/62']);
    expect(got.channels).toHaveLength(300);
  });

  it('halves 1000 when no batch size was set', () => {
    expect(halvedBatch(undefined)).toBe(500);
    expect(halvedBatch(null)).toBe(500);
    expect(halvedBatch(250)).toBe(125);
  });
});

describe('refreshChannels', () => {
  it('asks again after 5 s while the server answers 202, then gives the fresh total', async () => {
    const answers: ({ total: number } | 'retry')[] = ['retry', 'retry', { total: 42 }];
    const waits: number[] = [];
    const total = await refreshChannels(
      async () => answers.shift() ?? 'retry',
      async (ms) => void waits.push(ms),
    );
    expect(total).toBe(42);
    expect(waits).toEqual([5000, 5000]);
  });
});
