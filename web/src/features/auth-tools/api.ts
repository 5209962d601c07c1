import type {
  AuthManageDeleteQuery,
  AuthManageQuery,
  AuthManageResult,
  CustomerLoginBody,
  LoginAsBody,
  LoginAsReply,
  TokenIntrospection,
  UserAuthData,
} from '@console/contracts';
import { apiRequest } from '../api/client.ts';

export type RecordType = 'tokens' | 'authcodes';

const qs = (params: Record<string, string | number | boolean | undefined>) => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined && v !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
};

/** /authManage: count or list expired tokens or authorisation codes. */
export function queryExpired(type: RecordType, q: AuthManageQuery): Promise<AuthManageResult> {
  const op = type === 'tokens' ? 'getExpiredTokens' : 'getExpiredAuthcodes';
  return apiRequest(`/api/auth-manage/${op}${qs(q)}`);
}

/** One delete batch (the server checks the typed confirmation again and audits the batch). */
export function deleteExpired(type: RecordType, q: AuthManageDeleteQuery): Promise<AuthManageResult> {
  const op = type === 'tokens' ? 'delExpiredTokens' : 'delExpiredAuthcodes';
  return apiRequest(`/api/auth-manage/${op}${qs(q)}`, { method: 'DELETE' });
}

/** Decoded on our own server only: the token goes nowhere else. */
export function introspectToken(token: string): Promise<TokenIntrospection> {
  return apiRequest('/api/auth-token/introspect', { method: 'POST', body: { token } });
}

export const userAuthKeys = {
  lookup: (term: string) => ['auth-tools', 'user', term.trim().toLowerCase()] as const,
};

export function lookupUser(term: string, signal?: AbortSignal): Promise<UserAuthData> {
  return apiRequest(`/api/impersonate-user/withRelations/${encodeURIComponent(term.trim())}`, { signal });
}

export function cleanLegacy(userId: string): Promise<{ success: boolean; message: string }> {
  return apiRequest(`/api/impersonate-user/clean/${encodeURIComponent(userId)}`, { method: 'PUT' });
}

export function deleteAuthUser(
  userId: string,
  confirm: string,
): Promise<{ success: boolean; message: string }> {
  return apiRequest(`/api/impersonate-user/${encodeURIComponent(userId)}${qs({ confirm })}`, {
    method: 'DELETE',
  });
}

export function customerRoles(userId: string): Promise<{ roles: string[]; available: string[] }> {
  return apiRequest(`/api/supportPlus/userAdmin/roles/${encodeURIComponent(userId)}`);
}

export function changeCustomerRole(
  verb: 'add' | 'delete',
  userId: string,
  role: string,
  note: string,
): Promise<{ roles: string[]; message: string }> {
  return apiRequest(
    `/api/supportPlus/userAdmin/roles/${verb}/${encodeURIComponent(userId)}/${encodeURIComponent(role)}`,
    { method: 'POST', body: note.trim() ? { note: note.trim() } : {} },
  );
}

export function loginAs(body: LoginAsBody): Promise<LoginAsReply> {
  return apiRequest('/api/impersonate-user/login-as', { method: 'POST', body });
}

/** The customer's own e-mail and password (the user channel console's login). */
export function customerLogin(body: CustomerLoginBody): Promise<LoginAsReply> {
  return apiRequest('/api/customer-auth/login', { method: 'POST', body });
}
