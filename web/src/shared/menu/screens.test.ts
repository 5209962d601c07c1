import { describe, expect, it } from 'vitest';
import { findScreen, pathForState, visibleMenu } from './screens.ts';

describe('visibleMenu', () => {
  it('shows a support user the Support area only', () => {
    expect(visibleMenu(['support']).map((a) => a.label)).toEqual(['Support']);
  });

  it('shows an admin every area', () => {
    const labels = visibleMenu(['admin']).map((a) => a.label);
    expect(labels).toContain('Admin tools');
    expect(labels).toContain('Reports');
    expect(labels).toContain('Data');
  });

  it('shows a user without roles nothing', () => {
    expect(visibleMenu([])).toEqual([]);
  });
});

describe('findScreen', () => {
  it('finds menu screens and the extra ones, whatever the case', () => {
    expect(findScreen('/supportPlus')?.label).toBe('Support Plus');
    expect(findScreen('/supportplus/')?.label).toBe('Support Plus');
    expect(findScreen('/sonos')?.label).toBe('Sonos');
  });

  it('does not know made-up paths', () => {
    expect(findScreen('/nowhere')).toBeNull();
  });
});

describe('pathForState', () => {
  it('maps navbar state names to paths', () => {
    expect(pathForState('supportplus')).toBe('/supportPlus');
    expect(pathForState('main')).toBe('/');
    expect(pathForState('nope')).toBeNull();
  });
});
