import { describe, expect, it } from 'vitest';
import { afterLoginPath, safeRedirect } from './redirects.ts';

describe('safeRedirect', () => {
  it('keeps paths on this site, with their search', () => {
    expect(safeRedirect('/settings')).toBe('/settings');
    expect(safeRedirect('/supportPlus?searchterm=42')).toBe('/supportPlus?searchterm=42');
  });

  it('refuses other sites and tricks that become other sites', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'settings',
    ]) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });

  it('refuses the login and logout screens so a sign-in cannot loop', () => {
    expect(safeRedirect('/login?redirect=/x')).toBeNull();
    expect(safeRedirect('/logout')).toBeNull();
  });

  it('refuses anything that is not a string', () => {
    expect(safeRedirect(undefined)).toBeNull();
    expect(safeRedirect(['/settings'])).toBeNull();
  });
});

describe('afterLoginPath', () => {
  const support = { roles: ['support' as const], landing: '/supportPlus' };

  it('follows a safe redirect first', () => {
    expect(afterLoginPath(support, '/admin')).toBe('/admin');
  });

  it('falls back to the landing screen the server chose', () => {
    expect(afterLoginPath(support, '//evil.example')).toBe('/supportPlus');
    expect(afterLoginPath({ roles: ['datauser'], landing: '/datamonitor' }, undefined)).toBe('/datamonitor');
  });

  it('derives the landing from the roles when the server sent none usable', () => {
    expect(afterLoginPath({ roles: ['support'], landing: '' }, undefined)).toBe('/supportPlus');
    expect(afterLoginPath({ roles: ['dev'], landing: 'https://x' }, undefined)).toBe('/');
  });
});
