import { describe, expect, it } from 'vitest';
import { confirmationMatches, hubControlOperations, offlineMessage } from './hub-control.ts';

describe('hub-control operations', () => {
  it('use the spec’s socket paths', () => {
    const paths = hubControlOperations.map((o) => o.path.replace('/api/supportPlus/socket/', ''));
    for (const p of [
      'link-reset',
      'reset-error-state',
      'remove-link',
      'sync-link',
      'backup',
      'backupRestore',
      'updateBackup',
      'getBackup',
      'firmware-read',
      'firmware-update',
      'system-read',
      'get-live-info',
      'getDeviceStatus',
      'feature-read',
      'feature-write',
      'remove-user',
      'license',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('need the typed words exactly, except "ok" and the auth server’s "yes", which ignore case', () => {
    expect(confirmationMatches('hub-control.removeLink', 'remove link')).toBe(true);
    expect(confirmationMatches('hub-control.removeLink', 'Remove Link')).toBe(false);
    expect(confirmationMatches('hub-control.removeLink', undefined)).toBe(false);
    expect(confirmationMatches('hub-control.featureWrite', 'OK')).toBe(true);
    expect(confirmationMatches('hub-control.featureWrite', 'okay')).toBe(false);
    expect(confirmationMatches('hub-control.syncLink', undefined)).toBe(true);
    expect(confirmationMatches('hub-control.removeEmptyStructure', 'Ok')).toBe(true);
    expect(confirmationMatches('auth.userAuthDelete', 'YES')).toBe(true);
    expect(confirmationMatches('auth.userAuthDelete', 'no')).toBe(false);
  });

  it('word the offline refusal like the spec’s sync message', () => {
    expect(offlineMessage('a sync')).toBe(
      'The link is not connected, a sync cannot be performed until the link is online.',
    );
  });
});
