import { type Static, Type } from '@sinclair/typebox';
import { LinkId, Nullable, type Stored, Timestamp } from './common.ts';

/** The Shopify tag that marks a Plus subscriber (Support Plus spec §3). */
export const PLUS_SUBSCRIBER_TAG = '_lwrf_subscriberTag';

/** A Gen2 (Support Plus) customer account: `users`, and `users_old` for replaced records. */
export const UserSchema = Type.Object({
  userId: Type.String(),
  email: Type.String({ description: 'Lower case' }),
  rootGroupIds: Type.Array(Type.String(), { description: 'Structures the user can reach (own and shared)' }),
  currentRootGroup: Nullable(
    Type.String({ description: 'The structure the app shows; should be one of rootGroupIds (Errors tab)' }),
  ),
  licenses: Type.Object({
    v5: Type.Optional(
      Type.Object({ license: Type.String({ description: 'The V5 licence the user holds' }) }),
    ),
  }),
  createdDate: Timestamp(),
  roles: Type.Array(Type.String(), { description: 'Customer-side roles, edited with the role chips' }),
  authUser: Type.Object(
    { email: Type.String() },
    { description: 'The auth server record; an e-mail differing from `email` is highlighted' },
  ),
  shopify: Type.Optional(
    Type.Object({
      isPlusSubscriber: Type.Boolean(),
      subscriberTag: Type.Optional(
        Type.String({ description: `${PLUS_SUBSCRIBER_TAG} marks a Plus member` }),
      ),
    }),
  ),
  errors: Type.Optional(Type.Array(Type.String())),
  hubId: Type.Optional(LinkId('The hub a user with no root registered')),
  noRoot: Type.Boolean({ description: 'The user has no structure (a no-root link on the overview)' }),
});
export type User = Static<typeof UserSchema>;
export type UserDoc = Stored<typeof UserSchema>;
