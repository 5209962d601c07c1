import type { Gen1MetaData, LinkPlusStatus, PasswordResetReply, WflLink } from '@console/contracts';
import { apiRequest } from '../../api/client.ts';
import { gen1Keys, supportRead } from '../queries.ts';

// Under the account's key: the detail's Refresh (which invalidates the account) refreshes these too.
export const statusKeys = {
  metaData: (userId: number) => [...gen1Keys.account(userId), 'metaData'] as const,
  linkPlus: (userId: number) => [...gen1Keys.account(userId), 'linkPlus'] as const,
  wflLink: (userId: number, wflId: number) => [...gen1Keys.account(userId), 'wflLink', wflId] as const,
};

/** The account's metadata errors, computed by the server (getMetaData). */
export const metaDataQueryOptions = (userId: number) =>
  supportRead<Gen1MetaData>(statusKeys.metaData(userId), `/api/support/wflcommands/getMetaData/${userId}`);

export const linkPlusQueryOptions = (userId: number) =>
  supportRead<LinkPlusStatus>(statusKeys.linkPlus(userId), `/api/support/linkPlus/${userId}`);

/** One 'LWRF Links' box: last command time, devices by group, timed-out commands by day. */
export const wflLinkQueryOptions = (userId: number, wflId: number) =>
  supportRead<WflLink>(statusKeys.wflLink(userId, wflId), `/api/support/lwrfLinks/${wflId}`);

export const resetPassword = (email: string) =>
  apiRequest<PasswordResetReply>(`/api/support/resetPassword/${encodeURIComponent(email)}`, {
    method: 'POST',
  });
