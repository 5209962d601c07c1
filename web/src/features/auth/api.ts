import type { LoginReply, Me } from '@console/contracts';
import { apiRequest } from '../api/client.ts';

export interface Credentials {
  email: string;
  password: string;
}

export function login(credentials: Credentials): Promise<LoginReply> {
  return apiRequest<LoginReply>('/auth/local', { method: 'POST', body: credentials, sessionGuard: false });
}

/** The code of one sign-in attempt: `attemptId` is what the password step answered. */
export function verifyCode(attemptId: string, code: string): Promise<LoginReply> {
  return apiRequest<LoginReply>('/auth/local/verify-code', {
    method: 'POST',
    body: { attemptId, code },
    sessionGuard: false,
  });
}

export function logout(): Promise<{ message: string }> {
  return apiRequest('/auth/logout', { method: 'POST', sessionGuard: false });
}

export function changePassword(user: Pick<Me, 'id'>, oldPassword: string, newPassword: string) {
  return apiRequest<{ message: string }>(`/api/users/${encodeURIComponent(user.id)}/password`, {
    method: 'PUT',
    body: { oldPassword, newPassword },
  });
}
