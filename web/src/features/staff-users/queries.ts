import type { StaffUser, StaffUserInput } from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call.ts';

export const staffUsersQueryKey = ['admin', 'users'] as const;

export function staffUsersQueryOptions() {
  return queryOptions({
    queryKey: staffUsersQueryKey,
    queryFn: ({ signal }) => call('auth.adminList', { signal }),
  });
}

/** Creates a user (no id) or saves an existing one. */
export function saveStaffUser(id: string | null, input: StaffUserInput): Promise<StaffUser> {
  return id === null
    ? call('auth.adminCreate', { body: input })
    : call('auth.adminUpdate', { params: { id }, body: input });
}

export function deleteStaffUser(id: string): Promise<{ message: string }> {
  return call('auth.adminDelete', { params: { id } });
}

export function revokeStaffUserSessions(id: string): Promise<{ message: string }> {
  return call('auth.adminRevokeSessions', { params: { id } });
}

/** Signup: any signed-in user may create a staff user (who starts with no roles). */
export interface SignupInput {
  name: string;
  email: string;
  password: string;
}

export function signup(input: SignupInput): Promise<StaffUser> {
  return call('auth.signup', { body: input });
}
