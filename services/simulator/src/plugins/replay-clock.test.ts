import { describe, expect, it } from 'vitest';
import { eventHead, eventWithTime } from './replay-clock.ts';

describe('replay clock event rendering', () => {
  it('renders an event up to its send time and completes it with one', () => {
    const event = { version: '1.0', transactionId: 7, items: [{ itemId: 0, payload: { a: '},"at":1' } }] };
    const text = eventWithTime(eventHead(event), 1_795_000_000_123);
    expect(JSON.parse(text)).toEqual({ ...event, at: 1_795_000_000_123 });
  });

  it('replaces a recorded `at` with the send time', () => {
    expect(eventWithTime(eventHead({ at: 5, senderId: '1' }), 9)).toBe('{"senderId":"1","at":9}');
  });

  it('handles an empty event', () => {
    expect(eventWithTime(eventHead({}), 3)).toBe('{"at":3}');
  });
});
