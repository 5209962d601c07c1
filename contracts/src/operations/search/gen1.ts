import { type Static, Type } from '@sinclair/typebox';
import { ClosedObject, fields, literalUnion, Nullable } from '../../world/common.ts';
import {
  Gen1DeviceSchema,
  Gen1UserSchema,
  HeatingPlanSchema,
  MoodSchema,
  RoomSchema,
  TimerEventSchema,
  WflSchema,
  ZoneSchema,
} from '../../world/gen1.ts';
import { SEARCH_PAGE_SIZES } from './rules.ts';

/** A WFL as the support screens show it: the stored row, the MAC without the vendor prefix, online. */
export const WflViewSchema = Type.Composite([
  WflSchema,
  Type.Object({
    macDisplay: Type.String({
      description: 'The MAC without the vendor prefix 74:0A:BC (the raw one is `mac`)',
    }),
    online: Type.Boolean({ description: 'Last ping under 60 s old when the answer was made' }),
  }),
]);
export type WflView = Static<typeof WflViewSchema>;

export const Gen1DeviceViewSchema = Type.Composite([
  Gen1DeviceSchema,
  Type.Object({
    typeName: Nullable(Type.String({ description: 'Device type name; null when the type is unknown' })),
    roomName: Nullable(Type.String()),
    wflName: Nullable(Type.String({ description: 'Null when the device names a WFL that does not exist' })),
  }),
]);
export type Gen1DeviceView = Static<typeof Gen1DeviceViewSchema>;

/** One row of a customer search: the account, its WFLs, and the devices that matched (device searches). */
export const Gen1HitSchema = Type.Object({
  user: Gen1UserSchema,
  wfls: Type.Array(WflViewSchema, {
    description: "The account's WFLs; for a MAC or hub search only those that matched",
  }),
  devices: Type.Array(Gen1DeviceViewSchema, {
    description: 'Devices that matched (device searches), else empty',
  }),
});
export type Gen1Hit = Static<typeof Gen1HitSchema>;

export const Gen1SearchResultSchema = Type.Object({
  rows: Type.Array(Gen1HitSchema),
  total: Type.Integer({
    description: 'Accounts found, counted up to 1000; past that, refine the term (see `totalExact`)',
  }),
  totalExact: Type.Boolean({ description: 'False when there are more than `total` accounts' }),
  ...fields(Type.Integer, 'limit', 'offset'),
});
export type Gen1SearchResult = Static<typeof Gen1SearchResultSchema>;

export const PageQuerySchema = ClosedObject({
  limit: Type.Optional(
    Type.Union(
      SEARCH_PAGE_SIZES.map((n) => Type.Literal(n)),
      { description: 'Page size: 20 (default), 40 or 80' },
    ),
  ),
  offset: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1000,
      description: 'Rows to skip; the first 1000 matches are paged',
    }),
  ),
});
export type PageQuery = Static<typeof PageQuerySchema>;

/** A data-inconsistency of seed 000 §8, found among the account's rows. */
export const Gen1InconsistencySchema = Type.Object({
  kind: literalUnion([
    'heatingPlanWithoutWfl',
    'heatingPlanWithoutDevice',
    'deviceWithoutWfl',
    'deviceInOtherWflRoom',
  ]),
  id: Type.Integer({ description: 'The heating plan id or device id' }),
  message: Type.String(),
});
export type Gen1Inconsistency = Static<typeof Gen1InconsistencySchema>;

/** One of several accounts whose WFLs share a MAC (the warning with Delete Selected). */
export const MacAccountSchema = Type.Object({
  user_id: Type.Integer(),
  ...fields(Type.String, 'email', 'username'),
  active: Type.Union([Type.Literal(0), Type.Literal(1)]),
  deviceCount: Type.Integer({
    description: 'Devices on the WFLs of this account; accounts with devices are not deleted in bulk',
  }),
  wfl_id: Type.Integer({ description: 'The WFL of this account with the MAC' }),
});
export type MacAccount = Static<typeof MacAccountSchema>;

export const MacAccountsSchema = Type.Object({
  ...fields(Type.String, 'mac', 'macDisplay'),
  accounts: Type.Array(MacAccountSchema),
});
export type MacAccounts = Static<typeof MacAccountsSchema>;

/** Everything about one account (findExtra): the detail view. */
export const Gen1AccountSchema = Type.Object({
  user: Gen1UserSchema,
  wfls: Type.Array(WflViewSchema),
  rooms: Type.Array(RoomSchema),
  devices: Type.Array(Gen1DeviceViewSchema),
  moods: Type.Array(MoodSchema),
  zones: Type.Array(ZoneSchema),
  timers: Type.Array(TimerEventSchema, { description: 'Timers and events (kind tells which)' }),
  heatingPlans: Type.Array(HeatingPlanSchema),
  inconsistencies: Type.Array(Gen1InconsistencySchema),
  sharedMacs: Type.Array(MacAccountsSchema, {
    description: 'MACs of this account that other accounts also have (several-accounts-per-MAC warning)',
  }),
});
export type Gen1Account = Static<typeof Gen1AccountSchema>;

export const SuggestionSchema = Type.Object({
  value: Type.String({ description: 'What to put in the search box' }),
  kind: Type.String({ description: 'email, username, mac, userId, rootGroupId, hubId, serial, deviceName…' }),
  label: Type.String({ description: 'What to show in the list' }),
});
export type Suggestion = Static<typeof SuggestionSchema>;
