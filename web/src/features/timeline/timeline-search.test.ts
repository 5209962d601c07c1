import { describe, expect, it } from 'vitest';
import { filterOfSearch, validateTimelineSearch } from './timeline-search.ts';

describe('the timeline URL', () => {
  it('keeps a well-formed link to a moment with its filters', () => {
    const s = validateTimelineSearch({
      epoch: 'AbC_-9',
      seq: '42',
      at: '1700000000000',
      classes: 'feature,system',
      text: ' hi ',
    });
    expect(s).toEqual({
      epoch: 'AbC_-9',
      seq: 42,
      at: 1700000000000,
      classes: 'feature,system',
      text: ' hi ',
    });
    expect(filterOfSearch(s)).toEqual({ classes: ['feature', 'system'], text: 'hi' });
  });

  it('drops what is not well formed', () => {
    expect(
      validateTimelineSearch({
        epoch: '../x',
        seq: '-1',
        at: '1e400',
        jump: 'soon',
        classes: '$where',
        text: 'x'.repeat(201),
      }),
    ).toEqual({});
  });
});
