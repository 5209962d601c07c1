import { describe, expect, it } from 'vitest';
import { categoryOfProductCode } from './rules.ts';

describe('device categories by product code', () => {
  it('maps the catalogue by prefix, L2 alone being the Link Plus', () => {
    expect(categoryOfProductCode('L2')).toBe('linkPlus');
    expect(categoryOfProductCode('L21')).toBe('lighting');
    expect(categoryOfProductCode('L42')).toBe('power');
    expect(categoryOfProductCode('LW921')).toBe('heating');
    expect(categoryOfProductCode('L91')).toBe('control');
    expect(categoryOfProductCode('LW380')).toBe('sensor');
    expect(categoryOfProductCode('VD1')).toBe('virtualDevice');
    expect(categoryOfProductCode('L29')).toBe('other');
    expect(categoryOfProductCode(undefined)).toBe('other');
  });
});
