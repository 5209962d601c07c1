import { type Static, type TProperties, Type } from '@sinclair/typebox';
import { ClosedObject, described, Nullable } from '../../world/common.ts';
import { Gen1UserSchema } from '../../world/gen1.ts';
import { WflViewSchema } from './gen1.ts';

/** Customer roles support may toggle between (seed 000 §4: commercial ↔ api_user). */
export const CUSTOMER_ROLES = ['commercial', 'api_user'] as const;
const CustomerRole = Type.Union(CUSTOMER_ROLES.map((r) => Type.Literal(r)));

const Flag = Type.Union([Type.Literal(0), Type.Literal(1), Type.Boolean()], {
  description: '1/0 or true/false',
});
const Username = Type.String({ minLength: 1, maxLength: 100 });
const WflName = Type.String({ minLength: 1, maxLength: 100 });
const Mac = Type.String({
  minLength: 6,
  maxLength: 20,
  description: 'A full MAC in any common spelling, or the 6 hex digits shown without the vendor prefix',
});

/**
 * `old` is the row as the screen loaded it (extra fields are fine). The fields named here are
 * compared with the stored row, and `updated` too when given: any difference is a 409.
 */
const Old = <T extends TProperties>(props: T) =>
  Type.Object(
    { ...props, updated: Type.Optional(Type.Integer({ description: 'Epoch seconds as loaded' })) },
    { additionalProperties: true, description: 'The row as loaded, for the optimistic check' },
  );

const edit = <T extends TProperties>(props: T) => ClosedObject(props);

export const UserRoleEditSchema = edit({
  new: ClosedObject({ role: CustomerRole }),
  old: Old({ role: Nullable(Type.String()) }),
});
export type UserRoleEdit = Static<typeof UserRoleEditSchema>;

/** A Gen1 account's e-mail (seed 000 §2: the user block's editable e-mail). */
const Gen1Email = Type.String({
  minLength: 3,
  maxLength: 254,
  pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
  description: 'name@example.com',
});

export const UserNameEditSchema = edit({
  new: ClosedObject({ username: Username, active: Flag, email: Type.Optional(Gen1Email) }),
  old: Old({ username: Type.String(), email: Type.Optional(Type.String()) }),
});
export type UserNameEdit = Static<typeof UserNameEditSchema>;

export const WflEditSchema = edit({
  new: ClosedObject({ name: WflName, mac: Mac }),
  old: Old({ name: Type.String(), mac: Type.String() }),
});
export type WflEdit = Static<typeof WflEditSchema>;

export const UserDeleteSchema = edit({ old: Old({ username: Type.String() }) });
export type UserDelete = Static<typeof UserDeleteSchema>;

export const WflDeleteSchema = edit({ old: Old({ mac: Type.String() }) });
export type WflDelete = Static<typeof WflDeleteSchema>;

export const RoomDeleteSchema = edit({
  old: Old({ name: Type.String() }),
  deleteDevices: Type.Boolean({
    description: 'Delete the devices of the room too; otherwise they stay, without a room',
  }),
});
export type RoomDelete = Static<typeof RoomDeleteSchema>;

export const AccountEditResultSchema = Type.Object({
  message: Type.String(),
  ...described(Type.String, {
    customerId: 'The Gen1 user_id the change belongs to',
    note: 'The automatic support note that was left',
  }),
  user: Type.Optional(Gen1UserSchema),
  wfl: Type.Optional(WflViewSchema),
});
export type AccountEditResult = Static<typeof AccountEditResultSchema>;
