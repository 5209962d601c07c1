import type { LiveEvent } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { count, NO_COUNTS } from './counters.ts';
import { autoSummary, rate, summarise } from './summary.ts';

const ev = (direction: string, cls: string, operation = 'x', at = 0): LiveEvent => ({
  epoch: 'e',
  offset: 1,
  subject: 's',
  at,
  data: {},
  kind: 'message',
  meta: { direction, class: cls, operation, clientType: 'link2' },
});

describe('counters', () => {
  it('counts requests and responses by direction, notifications as logs or events', () => {
    const presence: LiveEvent = { epoch: 'e', offset: 2, subject: 'p', at: 0, data: {}, kind: 'presence' };
    const got = count(NO_COUNTS, [
      ev('request', 'system'),
      ev('response', 'system'),
      ev('notification', 'log'),
      ev('notification', 'feature'),
      ev('notification', 'device'),
      presence,
    ]);
    expect(got).toEqual({ requests: 1, responses: 1, notifications: 3, logs: 1, events: 2 });
    expect(NO_COUNTS.requests).toBe(0);
  });
});

describe('per-second summary', () => {
  it('counts class.operation per whole second, busiest first', () => {
    const events = [
      ev('notification', 'log', 'add', 7_100),
      ev('notification', 'log', 'add', 8_200),
      ev('notification', 'log', 'add', 8_900),
      ev('request', 'system', 'read', 9_050),
      ev('request', 'system', 'read', 1_000), // too old to show
    ];
    const { seconds, rows } = summarise(events, 9_500, 3);
    expect(seconds).toEqual([7, 8, 9]);
    expect(rows).toEqual([
      { key: 'log.add', perSecond: [1, 2, 0], total: 3 },
      { key: 'system.read', perSecond: [0, 0, 1], total: 1 },
    ]);
  });

  it('measures the arrival rate over a window', () => {
    expect(
      rate(
        [
          { at: 1000, n: 10 },
          { at: 2500, n: 40 },
          { at: 2900, n: 20 },
        ],
        3000,
      ),
    ).toBe(30);
  });

  it('switches to the summary only on a sustained live rate, and back only when it has fallen well below', () => {
    const steady = (from: number, to: number, perSecond: number) =>
      Array.from({ length: (to - from) / 250 }, (_, i) => ({ at: from + 250 * (i + 1), n: perSecond / 4 }));
    // One burst of 50 (e.g. a replay) is not a sustained rate.
    expect(autoSummary(false, [{ at: 9_900, n: 50 }], 10_000, 20)).toBe(false);
    // 40 a second for two seconds: not yet; for three: on.
    expect(autoSummary(false, steady(8_000, 10_000, 40), 10_000, 20)).toBe(false);
    expect(autoSummary(false, steady(7_000, 10_000, 40), 10_000, 20)).toBe(true);
    // Once on, 12 a second keeps it on (above half the threshold); 8 a second turns it off.
    expect(autoSummary(true, steady(7_000, 10_000, 12), 10_000, 20)).toBe(true);
    expect(autoSummary(true, steady(7_000, 10_000, 8), 10_000, 20)).toBe(false);
  });
});
