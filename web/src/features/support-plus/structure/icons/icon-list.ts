/**
 * The device icon glyph list (seed 001 §7 "iconGlyphList with search and css"): one glyph per known
 * product code, found by the code or the words in `search`. Loaded on its own, 3 s after start
 * (`use-device-icons.ts`), so the first screen does not wait for it.
 */
export interface IconGlyph {
  glyph: string;
  /** Words the glyph is found by besides its code. */
  search: string;
  /** The colour class of the glyph. */
  css: string;
}

export const ICON_GLYPH_LIST: Readonly<Record<string, IconGlyph>> = {
  L2: { glyph: '⌂', search: 'link plus hub', css: 'blue' },
  L21: { glyph: '☀', search: 'dimmer 1 gang light', css: 'yellow' },
  L22: { glyph: '☀', search: 'dimmer 2 gang light', css: 'yellow' },
  L41: { glyph: '⏻', search: 'socket 1 gang power', css: 'orange' },
  L42: { glyph: '⏻', search: 'socket 2 gang power', css: 'orange' },
  L81: { glyph: '⎓', search: 'relay control', css: 'grape' },
  L91: { glyph: '☷', search: 'scene switch control', css: 'grape' },
  LW934: { glyph: '🌡', search: 'thermostat heating', css: 'red' },
  LW921: { glyph: '♨', search: 'radiator valve heating', css: 'red' },
  LW380: { glyph: '⧉', search: 'window sensor', css: 'teal' },
  LW600: { glyph: '⚡', search: 'energy monitor sensor', css: 'teal' },
  VSW1: { glyph: '◇', search: 'virtual switch', css: 'indigo' },
  JSJSLW210: { glyph: '☀', search: 'connect dimmer light', css: 'yellow' },
  JSJSLW260: { glyph: '⏻', search: 'connect socket power', css: 'orange' },
  JSJSLW922: { glyph: '♨', search: 'connect radiator valve heating', css: 'red' },
};
