import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/**
 * Mantine's palette with its text and fill shades darkened until they pass WCAG 2.2 AA (4.5:1) on
 * white: the default teal filled button (white on #12b886) measured 2.5:1 and the dimmed grey
 * (#868e96) 3.3:1, which axe-core flagged on every screen. Shade 6 is the filled background, the
 * `c="<colour>"` text, the anchor and the dimmed grey; 7 the hover; 9 the light variant's text on
 * shade 1. The light shades (0-5) stay as Mantine made them.
 */
export const MIN_CONTRAST: Readonly<Record<number, number>> = { 6: 4.8, 7: 5.5, 8: 6.5, 9: 7.5 };

const channels = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour mixed towards black by the least step that gives `ratio` (AA text: 4.5) against white. */
export function darkenTo(hex: string, ratio = 4.5): string {
  let out = hex;
  for (let t = 0; contrast(out, '#ffffff') < ratio && t <= 1; t += 0.01) {
    out = `#${channels(hex)
      .map((c) =>
        Math.round(c * (1 - t))
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  }
  return out;
}

function accessible(shades: MantineColorsTuple): MantineColorsTuple {
  return shades.map((shade, i) => {
    const ratio = MIN_CONTRAST[i];
    return ratio ? darkenTo(shade, ratio) : shade;
  }) as unknown as MantineColorsTuple;
}

/** Every Mantine colour but `dark` (the dark scheme's surfaces, DARK_SHADES), made accessible on white. */
export const ACCESSIBLE_COLORS: Record<string, MantineColorsTuple> = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors)
    .filter(([name]) => name !== 'dark')
    .map(([name, shades]) => [name, accessible(shades)]),
);

/** The colour mixed towards white by the least step that gives `ratio` against `against`. */
export function lightenTo(hex: string, ratio: number, against: string): string {
  let out = hex;
  for (let t = 0; contrast(out, against) < ratio && t <= 1; t += 0.01) {
    out = `#${channels(hex)
      .map((c) =>
        Math.round(c + (255 - c) * t)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
  }
  return out;
}

/**
 * The dark scheme's surfaces (issue 30: a dark colour scheme that follows the system). Mantine's
 * dimmed text there is dark.2 (#828282), 4.0:1 on the body (dark.7) and less on cards and inputs:
 * it is lightened until it passes AA on the lightest surface text sits on (dark.5, a hovered row);
 * the other shades stay Mantine's.
 */
export const DARK_SHADES: MantineColorsTuple = DEFAULT_THEME.colors.dark.map((shade, i, all) =>
  i === 2 ? lightenTo(shade, 4.6, all[5] as string) : shade,
) as unknown as MantineColorsTuple;
