import {
  AUTH_TEXT,
  type AuthManageDeleteQuery,
  type AuthManageQuery,
  type AuthManageResult,
  CUSTOMER_AUTH_ROLES,
  type CustomerLoginBody,
  type LoginAsBody,
  type LoginAsReply,
  type TokenIntrospection,
  type UserAuthData,
} from '@console/contracts';
import { call } from '../../shared/api/call.ts';

export type RecordType = 'tokens' | 'authcodes';

/** /authManage: count or list expired tokens or authorisation codes. */
export function queryExpired(type: RecordType, q: AuthManageQuery): Promise<AuthManageResult> {
  const op = type === 'tokens' ? 'getExpiredTokens' : 'getExpiredAuthcodes';
  return call('auth.authManageQuery', { params: { op }, query: q });
}

/** One delete batch (the server checks the typed confirmation again and audits the batch). */
export function deleteExpired(type: RecordType, q: AuthManageDeleteQuery): Promise<AuthManageResult> {
  const op = type === 'tokens' ? 'delExpiredTokens' : 'delExpiredAuthcodes';
  return call('auth.authManageDelete', { params: { op }, query: q });
}

/** Decoded on our own server only: the token goes nowhere else. */
export function introspectToken(token: string): Promise<TokenIntrospection> {
  return call('auth.tokenIntrospect', { body: { token } });
}

export const userAuthKeys = {
  lookup: (term: string) => ['auth-tools', 'user', term.trim().toLowerCase()] as const,
};

export function lookupUser(term: string, signal?: AbortSignal): Promise<UserAuthData> {
  return call('auth.userAuthLookup', { params: { term: term.trim() }, signal });
}

export function cleanLegacy(userId: string): Promise<{ success: boolean; message: string }> {
  return call('auth.userAuthCleanLegacy', { params: { userId } });
}

export function deleteAuthUser(
  userId: string,
  confirm: string,
): Promise<{ success: boolean; message: string }> {
  return call('auth.userAuthDelete', { params: { userId }, query: { confirm } });
}

export function customerRoles(userId: string): Promise<{ roles: string[]; available: string[] }> {
  return call('auth.customerRoles', { params: { userId } });
}

export function changeCustomerRole(
  verb: 'add' | 'delete',
  userId: string,
  role: string,
  note: string,
): Promise<{ roles: string[]; message: string }> {
  const roleName = CUSTOMER_AUTH_ROLES.find((r) => r === role);
  // The operation's path takes a known role only; anything else is refused before it is sent.
  if (!roleName) return Promise.reject(new Error(AUTH_TEXT.roleUnknown));
  const input = { params: { userId, roleName }, body: note.trim() ? { note: note.trim() } : {} };
  return verb === 'add' ? call('auth.customerRoleAdd', input) : call('auth.customerRoleDelete', input);
}

export function loginAs(body: LoginAsBody): Promise<LoginAsReply> {
  return call('auth.loginAs', { body });
}

/** The customer's own e-mail and password (the user channel console's login). */
export function customerLogin(body: CustomerLoginBody): Promise<LoginAsReply> {
  return call('auth.customerLogin', { body });
}
