import { describe, expect, it } from 'vitest';
import { ICON_GLYPH_LIST } from './icon-list.ts';
import { FALLBACK_ICON, iconOf } from './use-device-icons.ts';

describe('device icons', () => {
  it('picks the product code, then the virtual code, else the fallback (and the fallback before the list loads)', () => {
    expect(iconOf(ICON_GLYPH_LIST, { productCode: 'L21', virtualProductCode: null })).toEqual({
      code: 'L21',
      icon: ICON_GLYPH_LIST.L21,
    });
    expect(iconOf(ICON_GLYPH_LIST, { productCode: 'VD1', virtualProductCode: 'VSW1' }).code).toBe('VSW1');
    expect(iconOf(ICON_GLYPH_LIST, { productCode: 'LW999', virtualProductCode: null })).toEqual({
      code: null,
      icon: FALLBACK_ICON,
    });
    expect(iconOf(null, { productCode: 'L21', virtualProductCode: null }).icon).toBe(FALLBACK_ICON);
  });
});
