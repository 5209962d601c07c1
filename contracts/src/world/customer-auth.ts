import { type Static, Type } from '@sinclair/typebox';
import { Nullable, type Stored, Timestamp } from './common.ts';

/** The OAuth clients customers' tokens are issued to (the app, voice assistants, integrations). */
export const AUTH_CLIENT_IDS = ['lwapps', 'alexa', 'google-home', 'smartthings', 'ifttt'] as const;

/**
 * A customer's access token on the customer auth server, `accesstokens` (analytics spec §4):
 * `created_`, `expires_at_`, and its life as `max_age_hours_` (app tokens) or `ei_hours_`
 * (integration tokens). Only the token's id is stored, never the token itself.
 */
export const AccessTokenSchema = Type.Object({
  tokenId: Type.String({ description: 'Id of the token (its jti), not the token' }),
  client_id_: Type.String(),
  user_id_: Type.String({ description: 'The Gen2 userId the token was issued to' }),
  created_: Timestamp(),
  expires_at_: Timestamp(),
  max_age_hours_: Type.Optional(Type.Integer()),
  ei_hours_: Type.Optional(Type.Integer()),
  deleted_: Nullable(Timestamp('Set when the token was revoked (shown with include deleted data)')),
});
export type AccessToken = Static<typeof AccessTokenSchema>;
export type AccessTokenDoc = Stored<typeof AccessTokenSchema>;

/** An OAuth authorisation code, `authcodes`: lives minutes, then only waits to be cleaned up. */
export const AuthCodeSchema = Type.Object({
  codeId: Type.String(),
  client_id_: Type.String(),
  user_id_: Type.String(),
  created_: Timestamp(),
  expires_at_: Timestamp(),
  deleted_: Nullable(Timestamp()),
});
export type AuthCode = Static<typeof AuthCodeSchema>;
export type AuthCodeDoc = Stored<typeof AuthCodeSchema>;

/**
 * A customer's record on the auth server, `authusers` (analytics spec §4 "Auth user"): its roles
 * and the legacy (Gen1) account it was linked to, `{product}Public.user_id`.
 */
export const AuthUserSchema = Type.Object({
  userId: Type.String(),
  email: Type.String({ description: 'Lower case' }),
  created: Timestamp(),
  modified: Timestamp(),
  roles: Type.Array(Type.String()),
  legacy: Nullable(
    Type.Object({
      product: Type.String({ description: 'The legacy product, e.g. lightwave' }),
      user_id: Type.String({ description: 'The Gen1 user_id' }),
    }),
  ),
  passwordHash: Type.Optional(
    Type.String({
      description: 'argon2id; the generator sets none (the demo seed gives a few customers one)',
    }),
  ),
});
export type AuthUser = Static<typeof AuthUserSchema>;
export type AuthUserDoc = Stored<typeof AuthUserSchema>;

/** The roles a customer's auth record may carry; role chips must name one of them. */
export const CUSTOMER_AUTH_ROLES = [
  'user',
  'beta',
  'installer',
  'commercial',
  'api_user',
  'support',
] as const;
