import type { LoginReply, Me } from '@console/contracts';
import { call } from '../../shared/api/call.ts';

export interface Credentials {
  email: string;
  password: string;
}

export function login(credentials: Credentials): Promise<LoginReply> {
  return call('auth.login', { body: credentials, sessionGuard: false });
}

/** The code of one sign-in attempt: `attemptId` is what the password step answered. */
export function verifyCode(attemptId: string, code: string): Promise<LoginReply> {
  return call('auth.verifyCode', {
    body: { attemptId, code },
    sessionGuard: false,
  });
}

export function logout(): Promise<{ message: string }> {
  return call('auth.logout', { sessionGuard: false });
}

export function changePassword(user: Pick<Me, 'id'>, oldPassword: string, newPassword: string) {
  return call('auth.changePassword', { params: { id: user.id }, body: { oldPassword, newPassword } });
}
