import { hubIdHex, type Overview, type OverviewLink } from '@console/contracts';
import type pg from 'pg';
import { one, rows } from '../sql.ts';

const LIST = 100;
/** Error-state hub ids the overview sends for its live/total figure, at the most. */
export const ERROR_STATE_IDS = 20_000;

/** The three link lists: newest first, from the partial indexes of the search index. */
export function overviewStatements() {
  const list = (where: string, order: string) =>
    `select h.hub_id, h.root_group_id, h.user_id, h.locked_since, u.email from search_g2_hubs h
     left join search_g2_users u on u.user_id = h.user_id where ${where} order by ${order} limit ${LIST}`;
  return {
    errorState: list('h.error_state', 'h.created_date desc'),
    locked: list('h.locked', 'h.locked_since desc'),
    noRoot: list('h.root_group_id is null', 'h.created_date desc'),
    errorStateIds: `select coalesce(array_agg(hub_id), '{}') as ids from (select hub_id from search_g2_hubs
      where error_state order by hub_id limit ${ERROR_STATE_IDS}) e`,
    totals: `select (select count(*) from search_g2_hubs where error_state)::int as "errorState",
      (select count(*) from search_g2_hubs where locked)::int as locked,
      (select count(*) from search_g2_hubs where root_group_id is null)::int as "noRoot"`,
  };
}

interface LinkRow {
  hub_id: number;
  root_group_id: string | null;
  user_id: string;
  locked_since: Date | null;
  email: string | null;
}

const link = (r: LinkRow): OverviewLink => ({
  hubId: r.hub_id,
  hubIdHex: hubIdHex(r.hub_id),
  rootGroupId: r.root_group_id,
  userId: r.user_id,
  email: r.email,
  since: r.locked_since ? r.locked_since.toISOString() : null,
});

export interface IndexCounts {
  links: number;
  users: number;
  agents: number;
  pairedDevices: number;
  structures: number;
  admins: number;
  webClients: number;
  appClients: number;
}

export const NO_COUNTS: IndexCounts = {
  links: 0,
  users: 0,
  agents: 0,
  pairedDevices: 0,
  structures: 0,
  admins: 0,
  webClients: 0,
  appClients: 0,
};

/** The stored overview. Counts are those of the last full index build; lists are as the index is now. */
export async function overview(pool: pg.Pool): Promise<Overview> {
  const s = overviewStatements();
  const [meta, errorState, locked, noRoot, totals, errorIds] = await Promise.all([
    one<{ value: { counts: IndexCounts; at: string } }>(
      pool,
      "select value from search_g2_meta where key = 'build'",
    ),
    rows<LinkRow>(pool, s.errorState),
    rows<LinkRow>(pool, s.locked),
    rows<LinkRow>(pool, s.noRoot),
    one<{ errorState: number; locked: number; noRoot: number }>(pool, s.totals),
    one<{ ids: (number | string)[] }>(pool, s.errorStateIds),
  ]);
  // A build from before a count existed says 0 for it until the next build.
  const counts = { ...NO_COUNTS, ...meta?.value.counts };
  return {
    counts,
    errorState: {
      total: totals?.errorState ?? 0,
      links: errorState.map(link),
      hubIds: (errorIds?.ids ?? []).map(Number),
    },
    locked: { total: totals?.locked ?? 0, links: locked.map(link) },
    noRoot: { total: totals?.noRoot ?? 0, links: noRoot.map(link) },
    indexedAt: meta?.value.at ?? null,
  };
}
