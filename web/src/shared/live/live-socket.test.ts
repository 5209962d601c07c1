import type { LiveEvent } from '@console/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveSocket, storedCount, type TopicListener } from './live-socket.ts';

/** A stand-in for the browser's WebSocket: records what is sent, lets the test play the server. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  close() {
    this.readyState = 3;
  }
  serverSays(frame: object) {
    this.readyState = FakeSocket.OPEN;
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const ev = (offset: number, epoch = 'E'): LiveEvent => ({ epoch, offset, subject: 's', at: 0, data: {} });
const hello = { type: 'hello', user: { id: '1', name: 'T', roles: ['support'] } };

function listener() {
  const got = {
    events: [] as number[],
    /** Per events call: how many were replayed history. */
    stored: [] as number[],
    reloads: [] as string[],
    statuses: [] as string[],
    resumed: [] as number[],
  };
  const l: TopicListener = {
    events: (events, stored) => {
      got.events.push(...events.map((e) => e.offset));
      got.stored.push(stored);
    },
    status: (s) => got.statuses.push(s),
    reload: (r) => got.reloads.push(r),
    error: () => undefined,
    resumed: (downMs) => got.resumed.push(downMs),
  };
  return { got, l };
}

/** A live socket watching one topic, its first websocket greeted by the server. */
function watching(topic: string, filter: Record<string, unknown> = {}) {
  const live = new LiveSocket('ws://x/ws');
  const { got, l } = listener();
  live.watch(topic, filter, l);
  const ws = FakeSocket.all[0] as FakeSocket;
  ws.serverSays(hello);
  return { live, got, ws };
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LiveSocket', () => {
  it('resumes each topic from its last offset after a reconnect, and drops repeats', () => {
    const { got, ws: first } = watching('hub:1', { classes: ['log'] });
    expect(first.sent).toEqual([{ type: 'subscribe', topic: 'hub:1', filter: { classes: ['log'] } }]);
    first.serverSays({ type: 'subscribed', topic: 'hub:1', position: { epoch: 'E', offset: 10 } });
    first.serverSays({ type: 'events', topic: 'hub:1', events: [ev(8), ev(10), ev(12)] });
    first.drop();
    expect(got.statuses.at(-1)).toBe('reconnecting');
    vi.advanceTimersByTime(1000);
    const second = FakeSocket.all[1] as FakeSocket;
    second.serverSays(hello);
    expect(second.sent[0]).toMatchObject({ type: 'subscribe', resume: { epoch: 'E', offset: 12 } });
    second.serverSays({ type: 'events', topic: 'hub:1', events: [ev(12), ev(13)] });
    expect(got.events).toEqual([8, 10, 12, 13]);
  });

  it('tells replayed history from live arrivals by where the server said the topic stood', () => {
    const { got, ws } = watching('hub:9');
    ws.serverSays({ type: 'subscribed', topic: 'hub:9', position: { epoch: 'E', offset: 30 } });
    ws.serverSays({ type: 'events', topic: 'hub:9', events: [ev(1), ev(2), ev(30)] });
    ws.serverSays({ type: 'events', topic: 'hub:9', events: [ev(31), ev(32)] });
    expect(got.stored).toEqual([3, 0]);
    expect(storedCount([ev(29), ev(30), ev(31)], { epoch: 'E', offset: 30 })).toBe(2);
    expect(storedCount([ev(1)], { epoch: 'F', offset: 30 })).toBe(0);
    expect(storedCount([ev(1)], null)).toBe(0);
  });

  it('resumes from where the server said the topic stood when the filter let nothing through', () => {
    const { ws: first } = watching('hub:2');
    first.serverSays({ type: 'subscribed', topic: 'hub:2', position: { epoch: 'E', offset: 40 } });
    first.drop();
    vi.advanceTimersByTime(1000);
    const second = FakeSocket.all[1] as FakeSocket;
    second.serverSays(hello);
    expect(second.sent[0]).toMatchObject({ resume: { epoch: 'E', offset: 40 } });
  });

  it('passes a reload on, forgets the position, and starts afresh when asked', () => {
    const { live, got, ws } = watching('hub:3');
    ws.serverSays({ type: 'events', topic: 'hub:3', events: [ev(5)] });
    ws.serverSays({ type: 'reload', topic: 'hub:3', reason: 'History moved on; reload to see the latest.' });
    expect(got.reloads).toEqual(['History moved on; reload to see the latest.']);
    live.restart('hub:3');
    expect(ws.sent.at(-1)).toEqual({ type: 'subscribe', topic: 'hub:3', filter: {} });
  });

  it('says the topic resumed, and after how long, once the server took it up again after a drop', () => {
    const { got, ws: first } = watching('hub:5');
    first.serverSays({ type: 'subscribed', topic: 'hub:5', position: { epoch: 'E', offset: 3 } });
    expect(got.resumed).toEqual([]); // the first subscription is not a resume
    first.drop();
    vi.advanceTimersByTime(1000);
    const second = FakeSocket.all[1] as FakeSocket;
    second.serverSays(hello);
    expect(got.resumed).toEqual([]); // not until the server has the topic again
    second.serverSays({ type: 'subscribed', topic: 'hub:5', position: { epoch: 'E', offset: 3 } });
    expect(got.resumed).toHaveLength(1);
    expect(got.resumed[0]).toBeGreaterThanOrEqual(1000);
    expect(got.statuses.at(-1)).toBe('live');
  });

  it('does not call it a resume when the server said history moved on instead', () => {
    const { live, got, ws: first } = watching('hub:6');
    first.serverSays({ type: 'events', topic: 'hub:6', events: [ev(1)] });
    first.drop();
    vi.advanceTimersByTime(1000);
    const second = FakeSocket.all[1] as FakeSocket;
    second.serverSays(hello);
    second.serverSays({
      type: 'reload',
      topic: 'hub:6',
      reason: 'History moved on; reload to see the latest.',
    });
    expect(got.resumed).toEqual([]);
    expect(got.reloads).toHaveLength(1);
    live.restart('hub:6');
    second.serverSays({ type: 'subscribed', topic: 'hub:6', position: { epoch: 'E', offset: 9 } });
    expect(got.resumed).toEqual([]);
  });

  it('backs off longer after each failed attempt', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter: 500 ms, then 1 s
    const live = new LiveSocket('ws://x/ws');
    live.watch('hub:4', {}, listener().l);
    (FakeSocket.all[0] as FakeSocket).drop();
    vi.advanceTimersByTime(400);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(300);
    expect(FakeSocket.all).toHaveLength(2);
    (FakeSocket.all[1] as FakeSocket).drop();
    vi.advanceTimersByTime(700);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(700);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('retries once a second, without backing off, while the gateway says its broker is away (1013)', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { got } = watching('hub:4');
    for (let attempt = 1; attempt <= 5; attempt++) {
      (FakeSocket.all[attempt - 1] as FakeSocket).drop(1013);
      vi.advanceTimersByTime(900);
      expect(FakeSocket.all).toHaveLength(attempt);
      vi.advanceTimersByTime(100);
      expect(FakeSocket.all).toHaveLength(attempt + 1);
    }
    expect(got.statuses.at(-1)).toBe('reconnecting');
    (FakeSocket.all[5] as FakeSocket).serverSays(hello);
    expect(got.statuses.at(-1)).toBe('live');
  });
});
