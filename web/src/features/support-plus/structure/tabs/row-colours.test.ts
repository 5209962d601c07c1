import { describe, expect, it } from 'vitest';
import { requestColour } from './AccessRequestsTab.tsx';
import { isOpen } from './FirmwareQueueTab.tsx';

describe('row colours', () => {
  it('marks access requests orange when incomplete, red when complete but not accepted (seed 001 §2)', () => {
    expect(requestColour({ complete: false, status: 'pending' })).toBe('orange');
    expect(requestColour({ complete: false, status: 'accepted' })).toBe('orange');
    expect(requestColour({ complete: true, status: 'declined' })).toBe('red');
    expect(requestColour({ complete: true, status: 'accepted' })).toBeUndefined();
  });
  it('treats a firmware queue item as open until complete, failed or deleted (seed 001 §4)', () => {
    expect(isOpen({ complete: false, failed: false, deleted: false })).toBe(true);
    for (const done of ['complete', 'failed', 'deleted']) expect(isOpen({ [done]: true })).toBe(false);
  });
});
