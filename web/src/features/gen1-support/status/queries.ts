import type { Gen1MetaData, LinkPlusStatus, PasswordResetReply, WflLink } from '@console/contracts';
import { call, operationUrl } from '../../../shared/api/call.ts';
import { gen1Keys, supportRead } from '../queries.ts';

// Under the account's key: the detail's Refresh (which invalidates the account) refreshes these too.
export const statusKeys = {
  metaData: (userId: number) => [...gen1Keys.account(userId), 'metaData'] as const,
  linkPlus: (userId: number) => [...gen1Keys.account(userId), 'linkPlus'] as const,
  wflLink: (userId: number, wflId: number) => [...gen1Keys.account(userId), 'wflLink', wflId] as const,
};

/** The account's metadata errors, computed by the server (getMetaData). */
export const metaDataQueryOptions = (userId: number) =>
  supportRead<Gen1MetaData>(
    statusKeys.metaData(userId),
    operationUrl('search.getMetaData', { params: { userId } }),
  );

export const linkPlusQueryOptions = (userId: number) =>
  supportRead<LinkPlusStatus>(
    statusKeys.linkPlus(userId),
    operationUrl('search.linkPlus', { params: { userId } }),
  );

/** One 'LWRF Links' box: last command time, devices by group, timed-out commands by day. */
export const wflLinkQueryOptions = (userId: number, wflId: number) =>
  supportRead<WflLink>(
    statusKeys.wflLink(userId, wflId),
    operationUrl('search.wflLink', { params: { wflId } }),
  );

export const resetPassword = (email: string): Promise<PasswordResetReply> =>
  call('auth.resetPassword', { params: { email } });
