import { type HubSummary, STATS_LIMITS, type VoiceUsers } from '@console/contracts';
import type { ReadModels } from './plugin.ts';

const VOICE_TYPES = ['alexa', 'google', 'smartthings'];
/** The integration stats list the users of the latest this many voice agents, at most `VOICE_USERS_MAX`. */
const VOICE_RECENT_AGENTS = 1500;
const VOICE_USERS_MAX = 500;

/** Hub firmware in use, config highs and HomeKit pairing (the Support Plus panel), from `rm_hubs`. */
export async function hubSummary(models: ReadModels): Promise<HubSummary> {
  await models.need('hubs');
  const top = STATS_LIMITS.topTenEntries;
  const [totals, firmware, highs] = await Promise.all([
    models.pool.query<{ hubs: number; homekit: number }>(
      'select count(*)::int as hubs, (count(*) filter (where homekit))::int as homekit from rm_hubs',
    ),
    models.pool.query<{ version: string; hubs: number }>(
      `select coalesce(firmware, 'unknown') as version, count(*)::int as hubs from rm_hubs
        group by 1 order by 2 desc, 1 limit $1`,
      [top],
    ),
    models.pool.query<{ hub_id: string; root_group_id: string | null; config_number: string }>(
      `select hub_id, root_group_id, config_number from rm_hubs where config_number is not null
        order by config_number desc limit $1`,
      [top],
    ),
  ]);
  return {
    hubs: totals.rows[0]?.hubs ?? 0,
    homeKitPaired: totals.rows[0]?.homekit ?? 0,
    firmware: firmware.rows,
    configHighs: highs.rows.map((h) => ({
      hubId: Number(h.hub_id),
      rootGroupId: h.root_group_id,
      configNumber: Number(h.config_number),
    })),
  };
}

/** Users with a voice integration, by agent type and as a share of all users, from `rm_agents`. */
export async function voiceUsers(models: ReadModels): Promise<VoiceUsers> {
  await models.need('agents', 'users');
  const [users, types, recent] = await Promise.all([
    models.pool.query<{ n: number }>('select count(*)::int as n from rm_users'),
    models.pool.query<{ type: string; users: number; linked: number }>(
      `select type, count(*)::int as users, (count(*) filter (where linked))::int as linked
         from rm_agents where type = any($1::text[]) group by 1`,
      [VOICE_TYPES],
    ),
    models.pool.query<{ user_id: string; email: string; types: string[]; linked: boolean; created: Date }>(
      `with recent as (select user_id, type, linked, created from rm_agents order by created desc limit $1),
            by_user as (
              select user_id, array_agg(distinct type order by type) as types, bool_or(linked) as linked,
                     min(created) as created, max(created) as newest
                from recent group by user_id)
       select b.user_id, b.types, b.linked, b.created,
              coalesce((select u.email from rm_users u where u.user_id = b.user_id limit 1), '') as email
         from by_user b order by b.newest desc, b.user_id limit $2`,
      [VOICE_RECENT_AGENTS, VOICE_USERS_MAX],
    ),
  ]);
  const totalUsers = users.rows[0]?.n ?? 0;
  const byType = VOICE_TYPES.map((type) => {
    const t = types.rows.find((x) => x.type === type);
    const n = t?.users ?? 0;
    return {
      type,
      users: n,
      linked: t?.linked ?? 0,
      percent: totalUsers ? Math.round((n / totalUsers) * 10_000) / 100 : 0,
    };
  });
  return {
    totalUsers,
    byType,
    users: recent.rows.map((u) => ({
      userId: u.user_id,
      email: u.email,
      types: u.types,
      linked: u.linked,
      createdDate: u.created.toISOString(),
    })),
  };
}
