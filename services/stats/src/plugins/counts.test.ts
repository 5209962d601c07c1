import { describe, expect, it } from 'vitest';
import { streamIncrements, Tally } from './counts.ts';

const at = Date.UTC(2026, 0, 1, 10, 30);

describe('stream increments', () => {
  it('count a request as a command and every message as a socket log', () => {
    const incs = streamIncrements(['hub', '42', 'msg', 'request', 'feature', 'write'], { items: [] }, at);
    expect(incs.map((i) => `${i.metric}:${i.series}`).sort()).toEqual([
      'commands:feature.write',
      'global:commands',
      'global:socketLogs',
    ]);
  });

  it('count each failed item as a protocol error, logs by source, group and level', () => {
    const failed = streamIncrements(
      ['hub', '1', 'msg', 'response', 'device', 'read'],
      { items: [{ success: false }, { success: true }, { success: false }] },
      at,
    );
    expect(failed.filter((i) => i.metric === 'protocolErrors')).toHaveLength(2);
    const log = streamIncrements(
      ['hub', '1', 'msg', 'notification', 'log', 'entry'],
      { items: [{ payload: { source: 'hub', group: 'homeKit', level: 'warn' } }] },
      at,
    );
    expect(log.find((i) => i.metric === 'logs')?.series).toBe('hub|homeKit|warn');
  });

  it('count a new connection for its worker, not a refresh; ignore other subjects', () => {
    const incs = (reason: string) =>
      streamIncrements(['hub', '7', 'presence'], { connected: true, workerId: 'w1', reason }, at);
    expect(incs('start').find((i) => i.metric === 'workers')?.series).toBe('w1');
    expect(incs('refresh')).toEqual([]);
    expect(streamIncrements(['wfl', 'x', 'ping'], {}, at)).toEqual([]);
  });

  it('roll up per hour and per day, members once per bucket', () => {
    const t = new Tally();
    t.add({ metric: 'm', series: 's', at, amount: 5 });
    t.add({ metric: 'm', series: 's', at: at + 60_000, amount: 7 });
    t.add({ metric: 'u', series: 's', at, member: 'a' });
    t.add({ metric: 'u', series: 's', at, member: 'a' });
    const values = [...t.counts.values()];
    expect(values).toEqual([
      { count: 2, amount: 12 },
      { count: 2, amount: 12 },
    ]);
    expect([...t.members.values()].map((s) => s.size)).toEqual([1, 1]);
  });
});
