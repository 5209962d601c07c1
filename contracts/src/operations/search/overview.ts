import { type Static, Type } from '@sinclair/typebox';
import { SUPPORT_PLUS_DATABASES } from '../../world/collections.ts';
import { ClosedObject, DateTimeString, fields, Nullable } from '../../world/common.ts';
import { SUPPORT_PLUS_LIMIT } from './rules.ts';

export const OverviewLinkSchema = Type.Object({
  hubId: Type.Integer(),
  hubIdHex: Type.String(),
  rootGroupId: Nullable(Type.String()),
  userId: Type.String(),
  email: Nullable(Type.String({ description: 'E-mail of the user who registered the hub' })),
  since: Nullable(DateTimeString('Locked since (locked list)')),
});
export type OverviewLink = Static<typeof OverviewLinkSchema>;

const LinkList = (description: string) =>
  Type.Object({
    total: Type.Integer(),
    links: Type.Array(OverviewLinkSchema, { description: `${description}; at most 100, newest first` }),
  });

/** The stored side of the overview; live counts (connected links, admins, web and app clients) come from the live topic. */
export const OverviewSchema = Type.Object({
  counts: Type.Object({
    links: Type.Integer({ description: 'Link Plus hubs' }),
    users: Type.Integer(),
    agents: Type.Integer({ description: 'Voice-assistant links' }),
    pairedDevices: Type.Integer({ description: 'Products, the hubs themselves excluded' }),
    structures: Type.Integer(),
    admins: Type.Integer({ description: 'Customer auth users with the admin role' }),
    webClients: Type.Integer({ description: 'Client devices on the web platform' }),
    appClients: Type.Integer({ description: 'Client devices on android or ios' }),
  }),
  errorState: Type.Composite([
    LinkList('Links in error state'),
    Type.Object({
      hubIds: Type.Array(Type.Integer(), {
        description:
          'Every link in error state (up to 20,000), for the live/total figure beside the live list',
      }),
    }),
  ]),
  locked: LinkList('Locked links'),
  noRoot: LinkList('Links registered to no structure'),
  indexedAt: Nullable(
    DateTimeString('When the search index these figures come from was last refreshed in full'),
  ),
});
export type Overview = Static<typeof OverviewSchema>;

const Database = Type.Union(
  SUPPORT_PLUS_DATABASES.map((d) => Type.Literal(d)),
  { description: 'One of the Support Plus databases (seed 001 §7)' },
);
const Doc = Type.Record(Type.String(), Type.Unknown());

export const SupportPlusQueryBodySchema = ClosedObject({
  database: Database,
  filter: Type.Optional(Doc),
  project: Type.Optional(
    Type.Record(Type.String(), Type.Union([Type.Literal(0), Type.Literal(1), Type.Boolean()])),
  ),
  sort: Type.Optional(Type.Record(Type.String(), Type.Union([Type.Literal(1), Type.Literal(-1)]))),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: SUPPORT_PLUS_LIMIT.max,
      description: `Default ${SUPPORT_PLUS_LIMIT.default}`,
    }),
  ),
  debug: Type.Optional(
    Type.Boolean({ description: 'Admins and developers also get the query as run and its time' }),
  ),
});
export type SupportPlusQueryBody = Static<typeof SupportPlusQueryBodySchema>;

export const SupportPlusQueryResultSchema = Type.Object({
  database: Type.String(),
  documents: Type.Array(Doc, { description: 'Secret fields are never included' }),
  ...fields(Type.Integer, 'returned', 'limit'),
  truncated: Type.Boolean({ description: 'The limit was reached: there may be more' }),
  debug: Type.Optional(Type.Object({ filter: Doc, sort: Doc, ms: Type.Number() })),
});
export type SupportPlusQueryResult = Static<typeof SupportPlusQueryResultSchema>;

export const SupportPlusCountBodySchema = ClosedObject({ database: Database, filter: Type.Optional(Doc) });
export type SupportPlusCountBody = Static<typeof SupportPlusCountBodySchema>;

export const CountSchema = Type.Object({ count: Type.Integer() });
