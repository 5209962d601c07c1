import { describe, expect, it } from 'vitest';
import { auditWait } from './audit-trail.ts';

describe('the audit publish wait of a hub action', () => {
  it('is what is left of the action budget, at most 5 s and at least 250 ms', () => {
    const now = 1_000_000;
    // A hub that answered at once leaves the whole 5 s.
    expect(auditWait(now + 8_900, now)).toBe(5000);
    // A hub that took its full 5 s leaves ~4 s: the gateway's 10 s is not overrun.
    expect(auditWait(now + 3_900, now)).toBe(3900);
    expect(auditWait(now + 100, now)).toBe(250);
    expect(auditWait(now - 2_000, now)).toBe(250);
    expect(auditWait(Number.POSITIVE_INFINITY, now)).toBe(5000);
  });
});
