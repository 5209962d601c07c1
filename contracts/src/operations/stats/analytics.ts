import { type Static, Type } from '@sinclair/typebox';
import type { Role } from '../../roles.ts';
import { ClosedObject, Nullable } from '../../world/common.ts';
import { op } from '../types.ts';
import { DateInput, IsoDate } from './schemas.ts';

/** Structure and user analytics sit in the Support menu (analytics spec §6): support or dev; admin always. */
export const ANALYTICS_ROLES: readonly Role[] = ['support', 'dev'];

/** Analytics spec §9: default ranges, limits, the top count and the age buckets. */
export const ANALYTICS_DEFAULTS = {
  productStructuresDays: 7,
  productStructuresLimit: 2000,
  topStructures: 30,
  recentStructuresDays: 14,
  recentStructuresLimit: 1000,
  newUsersDays: 14,
  userTrackDays: 30,
} as const;

/**
 * The most rows a list of the analytics answers (issue 28): every answer stays well below the
 * broker's 1 MB payload however wide the range asked (a product structure row is ~200 bytes).
 */
export const ANALYTICS_LIST_MAX = 2000;

/** Ages in days: under 1.5, 2.5, 8, 29, 85, and over 85 (analytics spec §9). */
export const AGE_BUCKET_DAYS = [1.5, 2.5, 8, 29, 85] as const;

/** Device types 9 to 12 mean heating; 13 means energy (analytics spec §9). */
export const HEATING_DEVICE_TYPES = [9, 10, 11, 12] as const;
export const ENERGY_DEVICE_TYPE = 13;

/** The first octet after the vendor prefix: 10 and 11 Coco, 12 and 13 Nexa (analytics spec §9). */
export const COCO_NEXA_PREFIXES = ['10', '11', '12', '13'] as const;

/** Device generations of a structure, as the summary percentages name them. */
export const GENERATIONS = ['connect', 'smart', 'lwrfTwWay_v1', 'others'] as const;
export type Generation = (typeof GENERATIONS)[number];

const tags = ['analytics'];
const SlashDate = (description: string) => Type.String({ pattern: '^\\d{4}/\\d{2}/\\d{2}$', description });
const Count = Type.Integer({ minimum: 0 });
const Answered = { from: IsoDate('Start of the range answered'), to: IsoDate('End of the range answered') };

const StructuresRangeQuery = (days: number, limit: number) =>
  ClosedObject({
    fromDate: Type.Optional(DateInput(`Default: ${days} days before the to date`)),
    toDate: Type.Optional(DateInput('Default: the newest structure')),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ANALYTICS_LIST_MAX, default: limit })),
  });

const GenerationCounts = {
  connect: Count,
  smart: Count,
  lwrfTwWay_v1: Count,
  others: Count,
  total: Count,
};

export const ProductStructuresSchema = Type.Object({
  ...Answered,
  structures: Type.Array(
    Type.Object({
      rootGroupId: Type.String(),
      name: Type.String(),
      createdDate: IsoDate('When the structure was created'),
      user: Type.Union([Type.String(), Type.Null()], { description: "The owner's e-mail" }),
      ...GenerationCounts,
    }),
  ),
  summary: Type.Object({
    total: Count,
    totalShown: Count,
    empty: Count,
    percent: Type.Object(
      { connect: Type.Number(), smart: Type.Number(), lwrfTwWay_v1: Type.Number(), others: Type.Number() },
      { description: 'Share of the structures in the range having a device of each generation' },
    ),
  }),
});
export type ProductStructures = Static<typeof ProductStructuresSchema>;

export const TopStructuresSchema = Type.Object({
  asOf: IsoDate('Ages are counted to this moment: the newest structure'),
  structures: Type.Array(
    Type.Object({
      rootGroupId: Type.String(),
      user: Nullable(Type.String()),
      createdDate: IsoDate('Created'),
      ageDays: Type.Number(),
      updatedDate: IsoDate('Updated'),
      devices: Count,
      automations: Count,
      groups: Count,
    }),
  ),
});
export type TopStructures = Static<typeof TopStructuresSchema>;

export const RecentStructuresSchema = Type.Object({
  ...Answered,
  structures: Type.Array(
    Type.Object({
      rootGroupId: Type.String(),
      createdDate: IsoDate('Created'),
      l2: Count,
      smart: Type.Integer({ minimum: 0, description: 'Smart devices, the L2 hubs subtracted' }),
      connect: Count,
      others: Count,
      total: Count,
    }),
  ),
  summary: Type.Object({
    total: Type.Integer({ minimum: 0, description: 'Structures in the range, with devices or empty' }),
    empty: Type.Integer({ minimum: 0, description: 'Structures with no devices (counted, not listed)' }),
    smart: Type.Integer({
      minimum: 0,
      description: 'Smart devices of the listed structures (L2 subtracted)',
    }),
    connect: Count,
    others: Count,
  }),
});
export type RecentStructures = Static<typeof RecentStructuresSchema>;

export const RecentUsersSchema = Type.Object({
  from: IsoDate('Users created from this moment on'),
  total: Type.Integer({
    minimum: 0,
    description: `Users created from \`from\` on; the newest ${ANALYTICS_LIST_MAX} are listed`,
  }),
  users: Type.Array(
    Type.Object({
      userId: Type.String(),
      email: Type.String(),
      createdDate: IsoDate('Registered'),
      devices: Count,
      structures: Type.Array(
        Type.Object({
          rootGroupId: Type.String(),
          otherUsers: Type.Array(Type.String(), { description: 'E-mails of the others sharing it' }),
        }),
      ),
    }),
  ),
});
export type RecentUsers = Static<typeof RecentUsersSchema>;

export const UserTrackSchema = Type.Object({
  from: IsoDate('Links created from'),
  to: IsoDate('Links created until'),
  total: Type.Integer({
    minimum: 0,
    description: `Links created in the range (Coco and Nexa included); the newest ${ANALYTICS_LIST_MAX} are read`,
  }),
  rows: Type.Array(
    Type.Object({
      mac: Type.String(),
      firmware: Nullable(Type.String()),
      email: Type.String(),
      pingtime: Nullable(IsoDate('Last ping')),
      ageDays: Type.Number({ description: 'From first seen to last seen' }),
      firstSeen: IsoDate('The link was added'),
      lastSeen: IsoDate('Last ping, else last update'),
      devices: Count,
      heating: Type.Boolean(),
      energy: Type.Boolean(),
    }),
  ),
});
export type UserTrack = Static<typeof UserTrackSchema>;

/** Structure and user analytics (analytics spec §2, §7), served by the stats service. */
export const analyticsOperations = [
  op({
    id: 'stats.productStructuresRecent',
    service: 'stats',
    method: 'GET',
    path: '/api/supportPlus/product-structures-recent',
    access: ANALYTICS_ROLES,
    summary: 'Recent structures with device counts per generation, and the summary percentages',
    tags,
    querystring: StructuresRangeQuery(
      ANALYTICS_DEFAULTS.productStructuresDays,
      ANALYTICS_DEFAULTS.productStructuresLimit,
    ),
    response: ProductStructuresSchema,
  }),
  op({
    id: 'stats.topStructures',
    service: 'stats',
    method: 'GET',
    path: '/api/supportPlus/structures',
    access: ANALYTICS_ROLES,
    summary: 'The structures with the most devices (default top 30)',
    tags,
    querystring: ClosedObject({
      top: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 1000, default: ANALYTICS_DEFAULTS.topStructures }),
      ),
    }),
    response: TopStructuresSchema,
  }),
  op({
    id: 'stats.structuresRecent',
    service: 'stats',
    method: 'GET',
    path: '/api/supportPlus/structures-recent',
    access: ANALYTICS_ROLES,
    summary: 'Recent structures: L2s, smart (L2 subtracted), connect, others; empty ones counted, not listed',
    tags,
    querystring: StructuresRangeQuery(
      ANALYTICS_DEFAULTS.recentStructuresDays,
      ANALYTICS_DEFAULTS.recentStructuresLimit,
    ),
    response: RecentStructuresSchema,
  }),
  op({
    id: 'stats.recentUsers',
    service: 'stats',
    method: 'GET',
    path: '/api/supportPlus/users',
    access: ANALYTICS_ROLES,
    summary: 'Users registered recently (default 14 days) with their devices and who shares their structures',
    tags,
    querystring: ClosedObject({
      fromDate: Type.Optional(DateInput('Default: 14 days before the newest user')),
    }),
    response: RecentUsersSchema,
  }),
  op({
    id: 'stats.userTrack',
    service: 'stats',
    method: 'GET',
    path: '/api/new-user-track/userTrackInfo',
    access: ANALYTICS_ROLES,
    summary: 'Gen1 links added in the range (default 30 days): age, pings, devices, heating and energy flags',
    tags,
    querystring: ClosedObject({
      from: Type.Optional(SlashDate('yyyy/MM/dd; default: 30 days before the to date')),
      to: Type.Optional(SlashDate('yyyy/MM/dd; default: the newest link')),
      cocoNexa: Type.Optional(
        Type.Boolean({ default: false, description: "Include the internal 'coco/nexa' links" }),
      ),
    }),
    response: UserTrackSchema,
  }),
] as const;
