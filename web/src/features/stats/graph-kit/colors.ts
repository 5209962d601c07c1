/** Series colours, in order; a chart reuses them past the end. */
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
] as const;

export const colorAt = (i: number): string => PALETTE[i % PALETTE.length] as string;
