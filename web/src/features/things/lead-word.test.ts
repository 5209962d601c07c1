import { describe, expect, it } from 'vitest';
import { pickLeadWord } from './lead-word.ts';

describe('pickLeadWord', () => {
  const things = [
    { id: '1', name: 'Bright' },
    { id: '2', name: '  ' },
    { id: '3', name: 'Calm' },
  ];

  it('picks one of the named things', () => {
    expect(pickLeadWord(things, () => 0)).toBe('Bright');
    expect(pickLeadWord(things, () => 0.99)).toBe('Calm');
  });

  it('has no word for an empty list', () => {
    expect(pickLeadWord([], () => 0.5)).toBeNull();
    expect(pickLeadWord([{ id: '1', name: '' }])).toBeNull();
  });
});
