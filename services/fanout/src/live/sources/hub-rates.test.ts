import { describe, expect, it } from 'vitest';
import { HubRates, subjectToken } from './hub-rates.ts';

/** `perSecond` messages from `hub` in the current second. */
const send = (rates: HubRates, hub: string, perSecond: number) => {
  for (let i = 0; i < perSecond; i++) rates.add(hub);
};

describe('HubRates', () => {
  it('gives each hub its messages a second over the window, busiest first, and forgets the silent', () => {
    const rates = new HubRates(16, 5);
    let top = rates.tick(10);
    expect(top).toEqual([]);
    for (let second = 0; second < 5; second++) {
      send(rates, '7', 4);
      send(rates, '3', 2);
      if (second === 4) send(rates, '9', 1);
      top = rates.tick(10);
    }
    expect(top).toEqual([
      { hubId: '7', messagesPerSecond: 4 },
      { hubId: '3', messagesPerSecond: 2 },
      { hubId: '9', messagesPerSecond: 0.2 },
    ]);
    // Hub 7 stops: its rate falls second by second as its seconds leave the window.
    for (let second = 0; second < 2; second++) {
      send(rates, '3', 2);
      top = rates.tick(10);
    }
    expect(top).toEqual([
      { hubId: '7', messagesPerSecond: 2.4 },
      { hubId: '3', messagesPerSecond: 2 },
      { hubId: '9', messagesPerSecond: 0.2 },
    ]);
    for (let second = 0; second < 3; second++) rates.tick(10);
    expect(rates.tick(10)).toEqual([{ hubId: '3', messagesPerSecond: 0.4 }]);
    rates.tick(10);
    expect(rates.tick(10)).toEqual([]);
    expect(rates.size).toBe(0);
  });

  it('divides by the seconds counted so far while the window is not yet full', () => {
    const rates = new HubRates(8, 10);
    send(rates, '1', 6);
    expect(rates.tick(5)).toEqual([{ hubId: '1', messagesPerSecond: 6 }]);
    send(rates, '1', 6);
    expect(rates.tick(5)).toEqual([{ hubId: '1', messagesPerSecond: 6 }]);
  });

  it('orders hubs of the same rate by id, numerically', () => {
    const rates = new HubRates(8, 10);
    for (const hub of ['100', '9', '20', '3']) rates.add(hub);
    expect(rates.tick(10).map((r) => r.hubId)).toEqual(['3', '9', '20', '100']);
  });

  it('keeps the busy hubs among 10,000 quiet ones in a table of 256', () => {
    const rates = new HubRates(256, 10);
    const busy = ['100001', '100002', '100003'];
    let top: ReturnType<HubRates['tick']> = [];
    // 10,000 hubs each sending a message every 30 s (333 a second in all), three sending 4 a second.
    let quiet = 0;
    for (let second = 0; second < 40; second++) {
      for (let slice = 0; slice < 4; slice++) {
        for (const hub of busy) rates.add(hub);
        for (let i = 0; i < 83; i++) rates.add(String(quiet++ % 10_000));
      }
      top = rates.tick(10);
      expect(rates.size).toBeLessThanOrEqual(256);
    }
    expect(top.slice(0, 3)).toEqual(busy.map((hubId) => ({ hubId, messagesPerSecond: 4 })));
    expect(top.slice(3).every((r) => r.messagesPerSecond <= 0.2)).toBe(true);
  });

  it('refuses an empty table or window', () => {
    expect(() => new HubRates(0, 10)).toThrow();
    expect(() => new HubRates(10, 0)).toThrow();
  });
});

describe('subjectToken', () => {
  it('reads a token by position from either end', () => {
    const subject = 'p.hub.42.msg.notification.feature.write';
    expect(subjectToken(subject, 0)).toBe('p');
    expect(subjectToken(subject, 2)).toBe('42');
    expect(subjectToken(subject, 6)).toBe('write');
    expect(subjectToken(subject, 7)).toBe('');
    expect(subjectToken(subject, -1)).toBe('write');
    expect(subjectToken(subject, -2)).toBe('feature');
    expect(subjectToken(subject, -7)).toBe('p');
    expect(subjectToken(subject, -8)).toBe('');
    expect(subjectToken('solo', 0)).toBe('solo');
    expect(subjectToken('solo', -1)).toBe('solo');
  });
});
