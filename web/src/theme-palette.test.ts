import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { ACCESSIBLE_COLORS, contrast, DARK_SHADES, MIN_CONTRAST } from './theme-palette.ts';

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

describe('the dark scheme', () => {
  it('gives dimmed text (dark.2) and body text (dark.0) at least 4.5:1 on every dark surface', () => {
    for (const surface of [5, 6, 7, 8]) {
      expect(
        contrast(DARK_SHADES[2], DARK_SHADES[surface] as string),
        `dimmed on dark.${surface}`,
      ).toBeGreaterThanOrEqual(4.5);
      expect(
        contrast(DARK_SHADES[0], DARK_SHADES[surface] as string),
        `text on dark.${surface}`,
      ).toBeGreaterThanOrEqual(4.5);
    }
    expect(DARK_SHADES.filter((_, i) => i !== 2)).toEqual(
      DEFAULT_THEME.colors.dark.filter((_, i) => i !== 2),
    );
  });

  it('gives every colour’s dark-scheme text shade (4) and its filled shade under white text (8) 4.5:1', () => {
    for (const [name, shades] of Object.entries(ACCESSIBLE_COLORS)) {
      expect(contrast(shades[4], DARK_SHADES[7]), `${name}.4 on the dark body`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades[8], '#ffffff'), `white on ${name}.8`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
