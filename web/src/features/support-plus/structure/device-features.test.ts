import { describe, expect, it } from 'vitest';
import { parseValue, toggled } from './DeviceFeatures.tsx';

describe('device dialog feature values', () => {
  it('reads typed values as the hub takes them', () => {
    expect(parseValue(' 1 ')).toBe(1);
    expect(parseValue('21.5')).toBe(21.5);
    expect(parseValue('true')).toBe(true);
    expect(parseValue('false')).toBe(false);
    expect(parseValue('on')).toBe('on');
    expect(parseValue('')).toBe('');
  });

  it('toggles only on/off values', () => {
    expect(toggled(0)).toBe(1);
    expect(toggled(1)).toBe(0);
    expect(toggled(true)).toBe(false);
    expect(toggled(2)).toBeNull();
    expect(toggled('on')).toBeNull();
    expect(toggled(undefined)).toBeNull();
  });
});
