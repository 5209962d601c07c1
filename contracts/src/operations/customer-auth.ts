import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { ClosedObject, DateTimeString, fields, literalUnion, Nullable } from '../world/common.ts';
import { AuthUserSchema, CUSTOMER_AUTH_ROLES } from '../world/customer-auth.ts';
import { type HttpMethod, serviceOp } from './types.ts';

/** Analytics spec §5, §8, §9: the auth tools' words and defaults. */
export const AUTH_MANAGE = {
  limit: 10,
  maxPages: 10,
  deleteLimit: 10,
  repeatMs: 5000,
  /** Most a query may read: queryLimit × maxPages. */
  maxQueryLimit: 500,
  maxMaxPages: 20,
  maxDeleteLimit: 1000,
} as const;

export const AUTH_TEXT = {
  toDateRequired: 'A to date must be set',
  noData: 'Error - no data?',
  userNotFound: 'User not found.',
  /** /userEmail's Look up with nothing typed (seed 002 §5). */
  enterEmail: 'Enter valid email.',
  /** Clean or delete of a user id the auth server does not hold (seed 002 §5). */
  userIdNotFound: 'Error user id not found',
  loginAsEmail: 'need to specify an email address',
  loginAsReason: 'Login-As needs a reason: say why you are signing in as this customer.',
  noToken: 'No token supplied',
  deleteCancelled: 'Deletion cancelled.',
  roleUnknown: 'That role is not one of the available roles.',
  credentialsRequired: 'username & pw required for this method',
  badCredentials: 'Invalid e-mail or password.',
  resetNoCustomer: 'No Gen1 customer has that e-mail address.',
  resetBadEmail: 'That is not an e-mail address (name@example.com).',
  resetNoTables: 'The Gen1 customer tables are not there yet (load the world); no reset was sent.',
  resetMailFailed: 'The reset e-mail could not be sent (the mail server refused it); try again.',
  resetNotRecorded: 'The password reset could not be recorded in the audit log; no e-mail was sent.',
} as const;

/** A customer's password-reset link works once, for this long (seed 000 §7 resetPassword). */
export const PASSWORD_RESET_TTL_SECONDS = 24 * 60 * 60;

export const PasswordResetReplySchema = Type.Object({
  email: Type.String({ description: 'Where the reset e-mail went' }),
  userId: Type.Integer({ description: 'The Gen1 customer' }),
  expiresAt: DateTimeString('When the reset link stops working'),
});
export type PasswordResetReply = Static<typeof PasswordResetReplySchema>;

/** Typed to confirm a delete (analytics spec §5: "prompt to type yes"). */
export const AUTH_DELETE_CONFIRMATION = 'yes';

export const AUTH_MANAGE_QUERY_OPS = ['getExpiredTokens', 'getExpiredAuthcodes'] as const;
export const AUTH_MANAGE_DELETE_OPS = ['delExpiredTokens', 'delExpiredAuthcodes'] as const;

const DateText = (description: string) => Type.String({ maxLength: 40, description });

const AuthManageFilter = {
  dateTo: Type.Optional(
    DateText('Records that expired before this (ISO date or date-time); required: "A to date must be set"'),
  ),
  dateFrom: Type.Optional(DateText('…and at or after this')),
  clientId: Type.Optional(Type.String({ maxLength: 100 })),
  userId: Type.Optional(Type.String({ maxLength: 100 })),
  order: Type.Optional(literalUnion(['normal', 'reverse'], { description: 'normal: oldest expiry first' })),
  includeDeletedData: Type.Optional(Type.Boolean({ description: 'Also revoked (deleted_) records' })),
};

export const AuthManageQuerySchema = ClosedObject({
  ...AuthManageFilter,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, description: 'First page, from 1' })),
  queryLimit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUTH_MANAGE.maxQueryLimit })),
  maxPages: Type.Optional(Type.Integer({ minimum: 1, maximum: AUTH_MANAGE.maxMaxPages })),
  countOnly: Type.Optional(Type.Boolean({ description: 'Only the count (default on)' })),
});
export type AuthManageQuery = Static<typeof AuthManageQuerySchema>;

export const AuthManageDeleteQuerySchema = ClosedObject({
  ...AuthManageFilter,
  deleteLimit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: AUTH_MANAGE.maxDeleteLimit,
      description: 'Most records one batch removes',
    }),
  ),
  confirm: Type.String({ maxLength: 10, description: `Type "${AUTH_DELETE_CONFIRMATION}" to delete` }),
});
export type AuthManageDeleteQuery = Static<typeof AuthManageDeleteQuerySchema>;

/** One expired token or code as the table shows it (dates on the wire as ISO strings). */
export const AuthRecordRowSchema = Type.Object({
  ...fields(Type.String, 'id', 'client_id_', 'user_id_'),
  ...fields(DateTimeString, 'created_', 'expires_at_'),
  ...fields(() => Type.Optional(Type.Integer()), 'max_age_hours_', 'ei_hours_'),
  deleted_: Nullable(Type.String({ format: 'date-time' })),
});
export type AuthRecordRow = Static<typeof AuthRecordRowSchema>;

export const AuthManageResultSchema = Type.Object({
  page: Type.Integer({ description: 'The last page read' }),
  pagesWithFilteredData: Type.Integer(),
  resultObj: Type.Object({
    results: Type.Integer({ description: 'Records listed (or picked for deletion)' }),
    errors: Type.Array(Type.String()),
    deleted: Type.Integer(),
  }),
  count: Type.Integer({ description: 'Records matching the filter (after a delete: still left)' }),
  accesstokens: Type.Array(AuthRecordRowSchema),
});
export type AuthManageResult = Static<typeof AuthManageResultSchema>;

export const TokenIntrospectionSchema = Type.Object({
  header: Type.Record(Type.String(), Type.Unknown()),
  claims: Type.Record(Type.String(), Type.Unknown()),
  issuedAt: Nullable(Type.String({ format: 'date-time' })),
  expiresAt: Nullable(Type.String({ format: 'date-time' })),
  expired: Nullable(Type.Boolean()),
  signature: literalUnion(['valid', 'invalid', 'unknown key', 'unsigned'], {
    description: 'Checked only where this server holds the key',
  }),
  stored: literalUnion(['active', 'revoked', 'not found', 'not checked'], {
    description: 'The token record on the customer auth store, by its jti',
  }),
});
export type TokenIntrospection = Static<typeof TokenIntrospectionSchema>;

const SmartUserSchema = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  rootGroupIds: Type.Array(Type.String()),
});
const ConnectUserSchema = Type.Object({
  user: Type.Object(fields(Type.String, 'user_id', 'email', 'username', 'name')),
});

export const UserAuthDataSchema = Type.Object({
  authUser: Type.Object({
    _id: Type.String({ description: 'The userId' }),
    email: Type.String(),
    ...fields(DateTimeString, 'created', 'modified'),
    roles: Type.Array(Type.String()),
  }),
  legacy: AuthUserSchema.properties.legacy,
  smartUsers: Type.Object({ byUserId: Type.Array(SmartUserSchema), byEmail: Type.Array(SmartUserSchema) }),
  connectUserData: Type.Array(ConnectUserSchema),
});
export type UserAuthData = Static<typeof UserAuthDataSchema>;

const CustomerRole = literalUnion(CUSTOMER_AUTH_ROLES);
const UserIdParam = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const UserIdParams = ClosedObject({ userId: UserIdParam });
const Done = Type.Object({ success: Type.Boolean(), message: Type.String() });
const RoleChange = {
  params: ClosedObject({ userId: UserIdParam, roleName: CustomerRole }),
  body: ClosedObject({
    note: Type.Optional(Type.String({ maxLength: 1000, description: 'Added to the automatic support note' })),
  }),
  response: Type.Object({ roles: Type.Array(Type.String()), message: Type.String() }),
};

export const LoginAsBodySchema = ClosedObject({
  email: Type.String({ maxLength: 254, description: 'The customer to sign in as' }),
  reason: Type.String({
    maxLength: 500,
    description: 'Why; kept in the audit event and the customer note',
  }),
  clientDeviceId: Type.Optional(Type.String({ maxLength: 100 })),
});
export type LoginAsBody = Static<typeof LoginAsBodySchema>;

export const LoginAsReplySchema = Type.Object({
  token: Type.String({ description: 'A customer access token acting for the staff user (claim act)' }),
  ...fields(Type.String, 'userId', 'email'),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type LoginAsReply = Static<typeof LoginAsReplySchema>;

export const CustomerLoginBodySchema = ClosedObject({
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 200 }),
  clientDeviceId: Type.Optional(Type.String({ maxLength: 100 })),
});
export type CustomerLoginBody = Static<typeof CustomerLoginBodySchema>;

const manageOp = serviceOp('auth', ['auth-manage']);
/** The two auth-manage operations (admin): one path, each with its own `:op` list and query. */
const authManageOp = <
  const I extends `auth.${string}`,
  const M extends HttpMethod,
  const O extends readonly string[],
  const Q extends TSchema,
>(
  id: I,
  method: M,
  ops: O,
  querystring: Q,
  o: { summary: string },
) =>
  manageOp(id, method, '/api/auth-manage/:op', {
    access: [],
    summary: o.summary,
    params: ClosedObject({ op: literalUnion(ops) }),
    querystring,
    response: AuthManageResultSchema,
  });
const toolsOp = serviceOp('auth', ['auth-tools']);

/** The customer auth tools of analytics spec §2/§7, served by the auth service. */
export const customerAuthOperations = [
  authManageOp('auth.authManageQuery', 'GET', AUTH_MANAGE_QUERY_OPS, AuthManageQuerySchema, {
    summary: 'Expired access tokens or authorisation codes: count or list (admin)',
  }),
  authManageOp('auth.authManageDelete', 'DELETE', AUTH_MANAGE_DELETE_OPS, AuthManageDeleteQuerySchema, {
    summary: 'Delete one batch of expired tokens or codes (admin; typed yes; audited)',
  }),
  toolsOp('auth.tokenIntrospect', 'POST', '/api/auth-token/introspect', {
    access: ['authData', 'dev'],
    summary: 'Decode a pasted token; its signature is checked where this server holds the key',
    body: ClosedObject({ token: Type.String({ maxLength: 8192 }) }),
    response: TokenIntrospectionSchema,
  }),
  toolsOp('auth.userAuthLookup', 'GET', '/api/impersonate-user/withRelations/:term', {
    access: ['authData', 'dev'],
    summary:
      'A customer’s auth user, roles, legacy link, smart users and connect users, by e-mail or user id',
    params: ClosedObject({ term: Type.String({ minLength: 1, maxLength: 254 }) }),
    response: UserAuthDataSchema,
  }),
  toolsOp('auth.userAuthCleanLegacy', 'PUT', '/api/impersonate-user/clean/:userId', {
    access: ['authData', 'dev'],
    summary: 'Remove the legacy (Gen1) link from a customer’s auth user (audited)',
    params: UserIdParams,
    response: Done,
  }),
  toolsOp('auth.userAuthDelete', 'DELETE', '/api/impersonate-user/:userId', {
    access: ['userAdmin'],
    summary: 'Delete a customer’s auth user with its tokens and codes (userAdmin; typed yes; audited)',
    params: UserIdParams,
    querystring: ClosedObject({
      confirm: Type.String({ maxLength: 10, description: `Type "${AUTH_DELETE_CONFIRMATION}"` }),
    }),
    response: Done,
  }),
  toolsOp('auth.customerRoles', 'GET', '/api/supportPlus/userAdmin/roles/:userId', {
    access: ['authData', 'dev'],
    summary: 'A customer’s roles and the roles available',
    params: UserIdParams,
    response: Type.Object({ roles: Type.Array(Type.String()), available: Type.Array(Type.String()) }),
  }),
  toolsOp('auth.customerRoleAdd', 'POST', '/api/supportPlus/userAdmin/roles/add/:userId/:roleName', {
    access: ['roleAdmin'],
    summary: 'Give a customer a role (roleAdmin; leaves a support note and an audit event)',
    ...RoleChange,
  }),
  toolsOp('auth.customerRoleDelete', 'POST', '/api/supportPlus/userAdmin/roles/delete/:userId/:roleName', {
    access: ['roleAdmin'],
    summary: 'Take a role from a customer (roleAdmin; leaves a support note and an audit event)',
    ...RoleChange,
  }),
  toolsOp('auth.loginAs', 'POST', '/api/impersonate-user/login-as', {
    access: ['roleAdmin', 'dev'],
    summary: 'Login-As a customer by e-mail (roleAdmin or dev; a reason is required; audited and noted)',
    body: LoginAsBodySchema,
    response: LoginAsReplySchema,
  }),
  toolsOp('auth.resetPassword', 'POST', '/api/support/resetPassword/:email', {
    access: ['support', 'dev'],
    summary:
      'E-mail a Gen1 customer a single-use password-reset link (support; only the token hash is stored; audited)',
    params: ClosedObject({
      email: Type.String({
        minLength: 3,
        maxLength: 254,
        pattern: '^[^@\\s/]+@[^@\\s/]+$',
        description: 'The customer’s e-mail (URL-encoded)',
      }),
    }),
    response: PasswordResetReplySchema,
  }),
  toolsOp('auth.customerLogin', 'POST', '/api/customer-auth/login', {
    access: ['dev'],
    summary: 'Sign in with a customer’s own e-mail and password for the user channel console (dev; audited)',
    body: CustomerLoginBodySchema,
    response: LoginAsReplySchema,
  }),
] as const;
