import type { StaffUser, StaffUserInput } from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

export const staffUsersQueryKey = ['admin', 'users'] as const;

export function staffUsersQueryOptions() {
  return queryOptions({
    queryKey: staffUsersQueryKey,
    queryFn: ({ signal }) => apiRequest<StaffUser[]>('/api/admin/users', { signal }),
  });
}

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

/** Creates a user (no id) or saves an existing one. */
export function saveStaffUser(id: string | null, input: StaffUserInput): Promise<StaffUser> {
  return id === null
    ? apiRequest<StaffUser>('/api/admin/users', { method: 'POST', body: input })
    : apiRequest<StaffUser>(userPath(id), { method: 'PUT', body: input });
}

export function deleteStaffUser(id: string): Promise<{ message: string }> {
  return apiRequest(userPath(id), { method: 'DELETE' });
}

export function revokeStaffUserSessions(id: string): Promise<{ message: string }> {
  return apiRequest(`${userPath(id)}/revoke-sessions`, { method: 'POST' });
}

/** Signup: any signed-in user may create a staff user (who starts with no roles). */
export interface SignupInput {
  name: string;
  email: string;
  password: string;
}

export function signup(input: SignupInput): Promise<StaffUser> {
  return apiRequest<StaffUser>('/api/users', { method: 'POST', body: input });
}
