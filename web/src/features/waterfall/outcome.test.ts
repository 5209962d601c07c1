import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/client.ts';
import { saidColor, saidOfError } from './outcome.ts';

const cancel = (name: string) =>
  new ApiError(
    409,
    `Cancelled by ${name}: the console stopped waiting; a late reply from the link is still recorded.`,
  );

describe('saidOfError', () => {
  it("says a person's own cancel as theirs, in grey, and another's by name", () => {
    const own = saidOfError(cancel('Sue Port'), 'Sue Port');
    expect(own.text).toBe(
      'Cancelled by you: the console stopped waiting; a late reply from the link is still recorded.',
    );
    expect(saidColor(own)).toBe('gray');
    expect(saidOfError(cancel('Sam Other'), 'Sue Port').text).toMatch(/^Cancelled by Sam Other: /);
  });

  it('keeps a failure a failure, with its reason', () => {
    const failed = saidOfError(new ApiError(504, 'No reply from the link in time.'), 'Sue Port');
    expect(failed).toEqual({ ok: false, text: 'No reply from the link in time.' });
    expect(saidColor(failed)).toBe('red');
    expect(saidOfError(new ApiError(409, 'Conflict'), 'Sue Port').cancelled).toBeUndefined();
  });
});
