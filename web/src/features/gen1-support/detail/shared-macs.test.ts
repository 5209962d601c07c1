import type { MacAccount } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { bulkDeleteBlock, deletableSelection } from './shared-macs.ts';

const account = (user_id: number, deviceCount: number): MacAccount => ({
  user_id,
  email: `u${user_id}@example.com`,
  username: `u${user_id}`,
  active: 1,
  deviceCount,
  wfl_id: user_id * 10,
});

describe('Delete Selected on accounts sharing a MAC', () => {
  const accounts = [account(1, 0), account(2, 3), account(3, 0), account(4, 0), account(3, 0)];

  it('skips accounts with devices and the account being viewed', () => {
    const picked = deletableSelection(accounts, new Set([1, 2, 3]), 1);
    expect(picked.map((a) => a.user_id)).toEqual([3]);
  });

  it('deletes only what was ticked, each account once', () => {
    expect(deletableSelection(accounts, new Set([3, 4]), 1).map((a) => a.user_id)).toEqual([3, 4]);
    expect(deletableSelection(accounts, new Set(), 1)).toEqual([]);
  });

  it('says why an account cannot be ticked', () => {
    expect(bulkDeleteBlock(account(1, 0), 1)).toBe('the account open here');
    expect(bulkDeleteBlock(account(2, 3), 1)).toBe('has devices');
    expect(bulkDeleteBlock(account(3, 0), 1)).toBeNull();
  });
});
