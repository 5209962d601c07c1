import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { ACCESSIBLE_COLORS, contrast, MIN_CONTRAST } from './theme-palette.ts';

describe('the accessible palette', () => {
  it('gives every text and fill shade of every colour at least 4.5:1 on white and on its light shade', () => {
    for (const [name, shades] of Object.entries(ACCESSIBLE_COLORS)) {
      for (const [shade, ratio] of Object.entries(MIN_CONTRAST))
        expect(contrast(shades[Number(shade)] ?? '', '#ffffff'), `${name}.${shade}`).toBeGreaterThanOrEqual(
          ratio,
        );
      // The light variant: shade 9 text on shade 1.
      expect(contrast(shades[9], shades[1]), `${name} light`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("keeps Mantine's light shades and its teal's hue", () => {
    expect(ACCESSIBLE_COLORS.teal?.slice(0, 6)).toEqual(DEFAULT_THEME.colors.teal.slice(0, 6));
    expect(contrast(DEFAULT_THEME.colors.teal[6], '#ffffff')).toBeLessThan(4.5);
  });
});
