import type { Gen1MetaData, LinkPlusStatus, PasswordResetReply, WflLink } from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../api/client.ts';
import { gen1Keys } from '../queries.ts';

// Under the account's key: the detail's Refresh (which invalidates the account) refreshes these too.
export const statusKeys = {
  metaData: (userId: number) => [...gen1Keys.account(userId), 'metaData'] as const,
  linkPlus: (userId: number) => [...gen1Keys.account(userId), 'linkPlus'] as const,
  wflLink: (userId: number, wflId: number) => [...gen1Keys.account(userId), 'wflLink', wflId] as const,
};

/** The account's metadata errors, computed by the server (getMetaData). */
export function metaDataQueryOptions(userId: number) {
  return queryOptions({
    queryKey: statusKeys.metaData(userId),
    queryFn: ({ signal }) =>
      apiRequest<Gen1MetaData>(`/api/support/wflcommands/getMetaData/${userId}`, { signal }),
    retry: false,
  });
}

export function linkPlusQueryOptions(userId: number) {
  return queryOptions({
    queryKey: statusKeys.linkPlus(userId),
    queryFn: ({ signal }) => apiRequest<LinkPlusStatus>(`/api/support/linkPlus/${userId}`, { signal }),
    retry: false,
  });
}

/** One 'LWRF Links' box: last command time, devices by group, timed-out commands by day. */
export function wflLinkQueryOptions(userId: number, wflId: number) {
  return queryOptions({
    queryKey: statusKeys.wflLink(userId, wflId),
    queryFn: ({ signal }) => apiRequest<WflLink>(`/api/support/lwrfLinks/${wflId}`, { signal }),
    retry: false,
  });
}

export const resetPassword = (email: string) =>
  apiRequest<PasswordResetReply>(`/api/support/resetPassword/${encodeURIComponent(email)}`, {
    method: 'POST',
  });
