import type { LoginReply, Me } from '@console/contracts';
import { apiRequest } from '../api/client.ts';

export interface Credentials {
  email: string;
  password: string;
}

export function login(credentials: Credentials): Promise<LoginReply> {
  return apiRequest<LoginReply>('/auth/local', { method: 'POST', body: credentials, sessionGuard: false });
}

export function verifyCode(userId: string, code: string): Promise<LoginReply> {
  return apiRequest<LoginReply>('/auth/local/verify-code', {
    method: 'POST',
    body: { userId, code },
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
