import type { MacAccount } from '@console/contracts';

/** Why an account of the several-accounts-per-MAC list cannot be deleted in bulk; null when it can. */
export function bulkDeleteBlock(account: MacAccount, currentUserId: number): string | null {
  if (account.user_id === currentUserId) return 'the account open here';
  if (account.deviceCount > 0) return 'has devices';
  return null;
}

/**
 * What Delete Selected deletes (core spec §5): the ticked accounts, skipping those with devices
 * and the account being viewed; each account once even when it shares several MACs.
 */
export function deletableSelection(
  accounts: readonly MacAccount[],
  selected: ReadonlySet<number>,
  currentUserId: number,
): MacAccount[] {
  const seen = new Set<number>();
  return accounts.filter((a) => {
    if (!selected.has(a.user_id) || seen.has(a.user_id) || bulkDeleteBlock(a, currentUserId)) return false;
    seen.add(a.user_id);
    return true;
  });
}
