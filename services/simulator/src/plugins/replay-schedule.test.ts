import { describe, expect, it } from 'vitest';
import { playSchedule } from './replay-schedule.ts';

const play = (offsets: number[], startAt: number) =>
  new Promise<number[]>((done) => {
    const sent: number[] = [];
    playSchedule(
      offsets.length,
      (i) => offsets[i] as number,
      startAt,
      () => sent.push(performance.now()),
      () => done(sent),
    );
  });

describe('playSchedule', () => {
  it('sends in order, none before its due time', async () => {
    const offsets = [0, 5, 5, 12, 30];
    const start = performance.now() + 10;
    const sent = await play(offsets, start);
    expect(sent).toHaveLength(5);
    sent.forEach((t, i) => {
      expect(t).toBeGreaterThanOrEqual(start + (offsets[i] as number));
    });
  });

  it('keeps the spacing after a late first message (the start moves to when it went out)', async () => {
    // Due 50 ms ago: the first goes out now, the others at their spacing after it, not in a burst.
    const sent = await play([0, 20, 40], performance.now() - 50);
    expect((sent[1] as number) - (sent[0] as number)).toBeGreaterThanOrEqual(19.9);
    expect((sent[2] as number) - (sent[0] as number)).toBeGreaterThanOrEqual(39.9);
  });
});
