import { darkenTo } from '../../../theme-palette.ts';

/**
 * Series colours, in order; a chart reuses them past the end. Each is darkened where needed to read
 * as text on white (the series toggles' labels are drawn in it), which also passes the 3:1 of lines.
 */
export const PALETTE = [
  '#1c7ed6',
  '#f76707',
  '#2f9e44',
  '#e03131',
  '#7048e8',
  '#0c8599',
  '#e64980',
  '#5c940d',
  '#f59f00',
  '#495057',
  '#4263eb',
  '#c2255c',
].map((c) => darkenTo(c));

export const colorAt = (i: number): string => PALETTE[i % PALETTE.length] as string;
