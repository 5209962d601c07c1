import type { RecordingLine } from '@console/contracts';
import { seeded } from './random.ts';

/**
 * A made-up recording for tests and the replay benchmark: `messages` messages over `seconds`, with
 * uneven gaps (bursts of a few ms and pauses), each message's transactionId its index so order can
 * be checked, and now and then a feature read request with its response right after it.
 */
export function syntheticRecording(messages: number, seconds: number, seed = 7): RecordingLine[] {
  const rnd = seeded(seed);
  const gaps = Array.from({ length: messages }, (_, i) =>
    i === 0 ? 0 : rnd() < 0.2 ? rnd() * 0.2 : 0.2 + rnd(),
  );
  const total = gaps.reduce((a, b) => a + b, 0);
  const scale = (seconds * 1000) / total;
  const lines: RecordingLine[] = [];
  let t = 0;
  for (let i = 0; i < messages; i++) {
    t += (gaps[i] as number) * scale;
    const offsetMs = Math.round(t);
    const pair = i % 50;
    if (pair === 10 || pair === 11) {
      const direction = pair === 10 ? 'request' : 'response';
      const featureId = `feat-${(i - pair) / 50}`;
      lines.push({
        offsetMs,
        clientType: 'admin',
        message: {
          version: '1.0',
          transactionId: i - pair + 10,
          senderId: direction === 'request' ? 'staff-client' : '4242',
          direction,
          class: 'feature',
          operation: 'read',
          items: [
            direction === 'request'
              ? { itemId: 0, payload: { featureId } }
              : { itemId: 0, payload: { featureId, value: i }, success: true },
          ],
        },
      });
      continue;
    }
    lines.push({
      offsetMs,
      clientType: 'link2',
      message: {
        version: '1.0',
        transactionId: i,
        senderId: '4242',
        direction: 'notification',
        class: 'feature',
        operation: 'event',
        items: [{ itemId: 0, payload: { featureId: `feat-${i % 7}`, value: i, seq: i }, success: true }],
      },
    });
  }
  return lines;
}

/** Each message's timing error: its arrival after the first one's, against its recorded offset ÷ speed. */
export function spacingErrors(offsets: readonly number[], arrivals: readonly number[], speed = 1): number[] {
  const o0 = offsets[0] ?? 0;
  const a0 = arrivals[0] ?? 0;
  return arrivals.map((a, i) => a - a0 - ((offsets[i] as number) - o0) / speed);
}

export function errorFigures(errors: readonly number[]) {
  const abs = errors.map(Math.abs).sort((a, b) => a - b);
  const at = (p: number) => abs[Math.min(abs.length - 1, Math.floor(p * abs.length))] ?? Number.NaN;
  return { p50: at(0.5), p99: at(0.99), max: abs[abs.length - 1] ?? Number.NaN, count: abs.length };
}
