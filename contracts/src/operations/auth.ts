import { type Static, Type } from '@sinclair/typebox';
import { ROLES, SETTINGS_ACCESS } from '../roles.ts';
import { ClosedObject, DateTimeString, fields, Nullable } from '../world/common.ts';
import { op } from './types.ts';

const RoleSchema = Type.Union(ROLES.map((r) => Type.Literal(r)));
/** A person's roles: each known role at most once. */
const RolesSchema = Type.Array(RoleSchema, { maxItems: ROLES.length, uniqueItems: true });
const Email = Type.String({ minLength: 3, maxLength: 254, description: 'E-mail address, case-insensitive' });
const Id = Type.String({ pattern: '^[0-9]+$', maxLength: 20, description: 'Numeric staff user id' });

export const MeSchema = Type.Object({
  ...fields(Type.String, 'id', 'name', 'email'),
  roles: RolesSchema,
  landing: Type.String({ description: 'Where the console sends this user after sign-in' }),
});
export type Me = Static<typeof MeSchema>;

export const LoginBodySchema = ClosedObject({
  email: Email,
  password: Type.String({ minLength: 1, maxLength: 200 }),
});

export const LoginReplySchema = Type.Object({
  requiresOneTimeCode: Type.Optional(Type.Boolean()),
  userId: Type.Optional(
    Type.String({ description: 'The staff id, shown by the seed screens; sign-in never uses it' }),
  ),
  attemptId: Type.Optional(
    Type.String({
      description: 'The sign-in attempt the e-mailed code belongs to: send it back with the code',
    }),
  ),
  message: Type.Optional(Type.String()),
  user: Type.Optional(MeSchema),
});
export type LoginReply = Static<typeof LoginReplySchema>;

export const VerifyCodeBodySchema = ClosedObject({
  attemptId: Type.String({
    pattern: '^[A-Za-z0-9_-]{16,100}$',
    description: "The password step's attemptId: only whoever passed the password step can try its code",
  }),
  code: Type.String({ pattern: '^[0-9]{6}$', description: 'The 6-digit one-time code from the e-mail' }),
});

export const SsoSignInBodySchema = ClosedObject({
  email: Email,
  issuer: Type.String({ maxLength: 500, description: "The ID token's iss" }),
  subject: Type.String({ maxLength: 500, description: "The ID token's sub" }),
});

/** Whether the login page offers single sign-on, and through which provider (its /auth/{provider}). */
export const SsoConfigSchema = Type.Object({
  provider: Nullable(Type.String()),
  label: Type.String(),
});
export type SsoConfig = Static<typeof SsoConfigSchema>;

export const ChangePasswordBodySchema = ClosedObject({
  oldPassword: Type.String({ maxLength: 200 }),
  newPassword: Type.String({
    maxLength: 200,
    description: 'At least 3 characters; checked by the service so the message is the specification’s',
  }),
});

export const SignupBodySchema = ClosedObject({
  name: Type.String({ maxLength: 200 }),
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 200 }),
});

export const StaffUserSchema = Type.Object({
  ...fields(Type.String, 'id', 'name', 'email'),
  roles: RolesSchema,
  ...fields(Type.Boolean, 'active', 'requireOneTimeCode'),
  lastLogin: Nullable(DateTimeString()),
  oldLogin: Type.Boolean({ description: 'Last login more than 2 months ago (or never)' }),
  created: DateTimeString(),
});
export type StaffUser = Static<typeof StaffUserSchema>;

export const StaffUserInputSchema = ClosedObject({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  email: Type.String({ minLength: 3, maxLength: 254 }),
  password: Type.Optional(Type.String({ maxLength: 200, description: 'Blank keeps the current password' })),
  roles: Type.String({ maxLength: 500, description: 'Comma-separated roles string' }),
  active: Type.Optional(Type.Boolean()),
  requireOneTimeCode: Type.Optional(Type.Boolean()),
});
export type StaffUserInput = Static<typeof StaffUserInputSchema>;

/**
 * The audit kind auth records when a staff user's access changes (update, delete, sessions revoked),
 * with `staffUserId`: the gateway hears it on NATS and re-checks that user's live sockets at once.
 */
export const STAFF_ACCESS_AUDIT = 'staff-access';

const Ok = Type.Object({ message: Type.String() });
const IdParams = ClosedObject({ id: Id });

export const authOperations = [
  op({
    id: 'auth.login',
    service: 'auth',
    method: 'POST',
    path: '/auth/local',
    access: 'public',
    summary: 'Sign in with e-mail and password; may demand a one-time code',
    tags: ['auth'],
    body: LoginBodySchema,
    response: LoginReplySchema,
    session: 'open',
  }),
  op({
    id: 'auth.verifyCode',
    service: 'auth',
    method: 'POST',
    path: '/auth/local/verify-code',
    access: 'public',
    summary: 'Verify the e-mailed one-time code and open the session',
    tags: ['auth'],
    body: VerifyCodeBodySchema,
    response: LoginReplySchema,
    session: 'open',
  }),
  op({
    id: 'auth.ssoSignIn',
    service: 'auth',
    method: 'POST',
    path: '/auth/sso/sign-in',
    access: 'public',
    internal: true,
    summary:
      "Open the session of the active staff user with this e-mail, after the gateway checked the provider's ID token (state, nonce, PKCE)",
    tags: ['auth'],
    body: SsoSignInBodySchema,
    response: LoginReplySchema,
    session: 'open',
  }),
  op({
    id: 'auth.logout',
    service: 'auth',
    method: 'POST',
    path: '/auth/logout',
    access: 'public',
    summary: 'End the current session',
    tags: ['auth'],
    response: Ok,
    session: 'close',
  }),
  op({
    id: 'auth.me',
    service: 'auth',
    method: 'GET',
    path: '/api/users/me',
    access: 'authenticated',
    summary: 'The signed-in staff user',
    tags: ['auth'],
    response: MeSchema,
  }),
  op({
    id: 'auth.changePassword',
    service: 'auth',
    method: 'PUT',
    path: '/api/users/:id/password',
    // The page is for admin or support only; the server holds to the same rule.
    access: SETTINGS_ACCESS,
    summary: 'Change the signed-in user\u2019s password (old and new)',
    tags: ['auth'],
    params: IdParams,
    body: ChangePasswordBodySchema,
    response: Ok,
  }),
  op({
    id: 'auth.signup',
    service: 'auth',
    method: 'POST',
    path: '/api/users',
    access: 'authenticated',
    summary: 'Create a staff user (signup by a signed-in user); the new user has no roles',
    tags: ['auth'],
    body: SignupBodySchema,
    response: StaffUserSchema,
  }),
  op({
    id: 'auth.roles',
    service: 'auth',
    method: 'GET',
    path: '/api/supportPlus/userAdmin/roles',
    access: 'authenticated',
    summary: 'The list of available roles',
    tags: ['auth'],
    response: Type.Array(Type.String(), { maxItems: ROLES.length }),
  }),
  op({
    id: 'auth.adminList',
    service: 'auth',
    method: 'GET',
    path: '/api/admin/users',
    access: [],
    summary: 'All staff users (admin)',
    tags: ['admin'],
    response: Type.Array(StaffUserSchema),
  }),
  op({
    id: 'auth.adminCreate',
    service: 'auth',
    method: 'POST',
    path: '/api/admin/users',
    access: [],
    summary: 'Create a staff user (admin)',
    tags: ['admin'],
    body: StaffUserInputSchema,
    response: StaffUserSchema,
  }),
  op({
    id: 'auth.adminUpdate',
    service: 'auth',
    method: 'PUT',
    path: '/api/admin/users/:id',
    access: [],
    summary: 'Edit a staff user (admin); a blank password keeps the current one',
    tags: ['admin'],
    params: IdParams,
    body: StaffUserInputSchema,
    response: StaffUserSchema,
  }),
  op({
    id: 'auth.adminDelete',
    service: 'auth',
    method: 'DELETE',
    path: '/api/admin/users/:id',
    access: [],
    summary: 'Delete a staff user (admin); their sessions end at once',
    tags: ['admin'],
    params: IdParams,
    response: Ok,
  }),
  op({
    id: 'auth.adminRevokeSessions',
    service: 'auth',
    method: 'POST',
    path: '/api/admin/users/:id/revoke-sessions',
    access: [],
    summary: 'End every session of a staff user (admin)',
    tags: ['admin'],
    params: IdParams,
    response: Ok,
  }),
] as const;
