import { CHANNEL_LIST, type LiveChannel } from '@console/contracts';

/** What one request for a page of the channel list came back with. */
export type ChannelAnswer =
  | { kind: 'page'; channels: LiveChannel[]; total: number; continueFrom: string | null }
  /** 202: the server's list is not complete yet (warming up or being rebuilt). */
  | { kind: 'retry' }
  /** 413: the page asked for is larger than the server hands out. */
  | { kind: 'too-large' };

export interface LiveChannels {
  channels: LiveChannel[];
  total: number;
}

export interface LoadChannelsOptions {
  fetchPage: (continueFrom: string, pageSize: number) => Promise<ChannelAnswer>;
  /** Resolves after `ms`; rejects when the load is abandoned (the query cancelled). */
  sleep: (ms: number) => Promise<void>;
  pageSize?: number;
  /** 202s in a row before giving up: two minutes at 5 s covers a server's warm-up. */
  maxRetries?: number;
}

/** Seed 001 §9: a 413 halves the batch size, 1000 when none was set. */
export function halvedBatch(current: number | null | undefined): number {
  return Math.floor((current ?? 1000) / 2);
}

/**
 * Loads every live channel (seed 001 §9): pages of 500 continuing from the server's marker until
 * the last page (the marker is a hubId, so the pages neither repeat nor skip while hubs come and
 * go); a 202 is asked again after 5 s; a 413 halves the page and asks again.
 */
export async function loadLiveChannels({
  fetchPage,
  sleep,
  pageSize = CHANNEL_LIST.pageSize,
  maxRetries = 24,
}: LoadChannelsOptions): Promise<LiveChannels> {
  const byHub = new Map<number, LiveChannel>();
  let size = pageSize;
  let from = '0';
  let total = 0;
  let retries = 0;
  for (;;) {
    const answer = await fetchPage(from, size);
    if (answer.kind === 'retry') {
      if (++retries > maxRetries)
        throw new Error('The live channel list is still not ready. Try Refresh Channels in a minute.');
      await sleep(CHANNEL_LIST.retryMs);
      continue;
    }
    if (answer.kind === 'too-large') {
      size = halvedBatch(size);
      if (size < 1) throw new Error('The server refused every page size for the live channel list.');
      continue;
    }
    retries = 0;
    for (const c of answer.channels) byHub.set(c.hubId, c);
    total = answer.total;
    if (answer.continueFrom === null || answer.channels.length === 0) break;
    from = answer.continueFrom;
  }
  return { channels: [...byHub.values()], total };
}

/** Asks for a rebuild until the server has one (202 → again after 5 s); answers the new total. */
export async function refreshChannels(
  ask: () => Promise<{ total: number } | 'retry'>,
  sleep: (ms: number) => Promise<void>,
  maxRetries = 24,
): Promise<number> {
  for (let retries = 0; ; retries++) {
    const answer = await ask();
    if (answer !== 'retry') return answer.total;
    if (retries >= maxRetries) throw new Error('The channel refresh did not finish. Try again in a minute.');
    await sleep(CHANNEL_LIST.retryMs);
  }
}

/** A sleep that a query's abort signal cuts short. */
export function abortableSleep(signal?: AbortSignal) {
  return (ms: number) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason);
        },
        { once: true },
      );
    });
}
