import { CommonConfigSchema, configReader, intSetting } from '@console/kit';
import { type Static, Type } from '@sinclair/typebox';

export const SearchConfigSchema = Type.Composite([
  CommonConfigSchema,
  Type.Object({
    QUERY_MAX_TIME_MS: intSetting(
      3000,
      50,
      'Longest a generic Support Plus query or count may run in Mongo (maxTimeMS)',
    ),
    STATEMENT_TIMEOUT_MS: intSetting(
      5000,
      100,
      'Postgres statement_timeout of the search pool: no search holds a connection longer',
    ),
    PG_POOL_MAX: Type.Integer({ default: 10, minimum: 1 }),
    FERRETDB_POSTGRESQL_URL: Type.String({
      default: '',
      description:
        "FerretDB's backend database, for the FerretDB accelerator (GIN indexes, bulk reads). Empty: DATABASE_URL's server, database 'ferretdb', tried only when the Mongo server is FerretDB",
    }),
    INDEX_ON_START: Type.Union([Type.Literal('auto'), Type.Literal('always'), Type.Literal('never')], {
      default: 'auto',
      description:
        "Build the Gen2 search index at start: 'auto' when it has never been built, 'always', or 'never' (use the CLI)",
    }),
    CONNECTED_DB: Type.Union([Type.Literal('auto'), Type.Literal('test'), Type.Literal('live')], {
      default: 'auto',
      description:
        "What the shell's database banner says: 'test', 'live', or 'auto' (test when the database holds a generated world)",
    }),
    INDEX_FOLLOW_AUDIT: Type.Boolean({
      default: true,
      description: 'Refresh the Gen2 search index for the hubs and structures named by audit events',
    }),
    INDEX_FOLLOW_STORE: Type.Boolean({
      default: true,
      description:
        "Add to the Gen2 search index what the stores' writers announce they inserted (store.<collection>.inserted on the STORE stream, from a cursor kept beside the index: new customers of the growth and the loader, also those announced while search was stopped)",
    }),
    INDEX_FOLLOW_RETRY_MS: intSetting(
      5000,
      50,
      'Pause before the store follower tries again: no STORE stream yet, another instance following, a failure',
    ),
  }),
]);
export type SearchConfig = Static<typeof SearchConfigSchema>;

export const searchConfig = configReader(SearchConfigSchema);
