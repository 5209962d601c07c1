import {
  type AlexaDiscoveryView,
  type ApiCommandLogPage,
  ApiError,
  WFL_PANEL_PAGE,
  type Wfl,
  type WflLinkView,
  type WflLocation,
  type WflLogPage,
  type WflPanelPageQuery,
  type WflPlistView,
  type WflTrigger,
  type WflTriggers,
  type WflView,
} from '@console/contracts';
import { one, rows } from '../sql.ts';
import { Gen1Tables } from './gen1-tables.ts';
import { WFL_COLUMNS } from './statements.ts';
import { wflView } from './views.ts';

const NO_WFL = 'No WFL with that id.';
const iso = (d: Date) => d.toISOString();

/** A page of a per-WFL log table, newest first, older than the row `before`. */
const pageSql = (table: string, columns: string) => `
  select ${columns} from ${table} t
  where t.wfl_id = $1
    and ($2::bigint is null or (t.time, t.id) < (select b.time, b.id from ${table} b where b.id = $2 and b.wfl_id = $1))
  order by t.time desc, t.id desc limit $3`;

/** The reads of the per-WFL panels (seed 000 §2): plist, API command log, hub, link, triggers, log, Alexa. */
export class WflPanels extends Gen1Tables {
  private async wfl(wflId: number): Promise<Wfl> {
    const w = await one<Wfl>(this.pool, `select ${WFL_COLUMNS} from wfls w where w.wfl_id = $1`, [wflId]);
    if (!w) throw new ApiError(404, NO_WFL);
    return w;
  }

  async plist(wflId: number): Promise<WflPlistView> {
    await this.wfl(wflId);
    const r = await one<{ imported: number; plist: string }>(
      this.pool,
      'select imported, plist from wfl_plists where wfl_id = $1',
      [wflId],
    );
    const entries = r ? Object.entries(JSON.parse(r.plist) as Record<string, unknown>) : [];
    return {
      wfl_id: wflId,
      imported: r ? iso(new Date(r.imported * 1000)) : null,
      entries: entries.map(([key, value]) => ({ key, value: String(value) })),
    };
  }

  private async page<R extends { id: number; time: Date }>(
    table: string,
    columns: string,
    wflId: number,
    q: WflPanelPageQuery,
  ) {
    await this.wfl(wflId);
    if (q.before !== undefined) {
      const from = await one(this.pool, `select 1 from ${table} where id = $1 and wfl_id = $2`, [
        q.before,
        wflId,
      ]);
      if (!from)
        throw new ApiError(400, 'Load more from a row of this WFL.', { before: 'Not a row of this WFL' });
    }
    const limit = q.limit ?? WFL_PANEL_PAGE;
    const [found, count] = await Promise.all([
      rows<R>(this.pool, pageSql(table, columns), [wflId, q.before ?? null, limit + 1]),
      one<{ n: number }>(this.pool, `select count(*)::int as n from ${table} where wfl_id = $1`, [wflId]),
    ]);
    return { wfl_id: wflId, rows: found.slice(0, limit), total: count?.n ?? 0, more: found.length > limit };
  }

  async apiCommands(wflId: number, q: WflPanelPageQuery): Promise<ApiCommandLogPage> {
    type Row = Omit<ApiCommandLogPage['rows'][number], 'time'> & { time: Date };
    const p = await this.page<Row>(
      'api_command_log',
      't.id, t.action, t.time, t.type, t.device_id, t.command_value, t.command_description, t.error, t.raw',
      wflId,
      q,
    );
    return { ...p, rows: p.rows.map((r) => ({ ...r, time: iso(r.time) })) };
  }

  async logs(wflId: number, q: WflPanelPageQuery): Promise<WflLogPage> {
    const p = await this.page<{ id: number; time: Date; level: string; text: string }>(
      'wfl_logs',
      't.id, t.time, t.level, t.text',
      wflId,
      q,
    );
    return { ...p, rows: p.rows.map((r) => ({ ...r, time: iso(r.time) })) };
  }

  async hub(wflId: number): Promise<WflView> {
    return wflView(await this.wfl(wflId), this.now());
  }

  async link(wflId: number): Promise<WflLinkView> {
    const w = await this.wfl(wflId);
    const [location, account] = await Promise.all([
      one<WflLocation>(
        this.pool,
        'select wfl_id, mac, lat, long, energy, created from wfl_locations where wfl_id = $1',
        [wflId],
      ),
      one<WflLinkView['account']>(
        this.pool,
        `select u.user_id, u.email, u.username, u.name, u.active,
           (select count(*)::int from wfls x where x.user_id = u.user_id) as links
         from users u where u.user_id = $1`,
        [w.user_id],
      ),
    ]);
    // wfls.user_id references users: a WFL always has its account.
    if (!account) throw new Error(`WFL ${wflId} without its account ${w.user_id}`);
    return { wfl: wflView(w, this.now()), location, account };
  }

  async triggers(wflId: number): Promise<WflTriggers> {
    await this.wfl(wflId);
    const found = await rows<WflTrigger>(
      this.pool,
      'select id, wfl_id, name, kind, condition, action, active, created from wfl_triggers where wfl_id = $1 order by id',
      [wflId],
    );
    return { wfl_id: wflId, rows: found };
  }

  async alexa(userId: number): Promise<AlexaDiscoveryView> {
    const user = await one<{ user_id: number }>(this.pool, 'select user_id from users where user_id = $1', [
      userId,
    ]);
    if (!user) throw new ApiError(404, 'No account with that user id.');
    const r = await one<{ updated: Date; auth_user_id: string; devices: string; error: string | null }>(
      this.pool,
      'select updated, auth_user_id, devices, error from alexa_discovered where user_id = $1',
      [userId],
    );
    return {
      user_id: userId,
      discovery: r
        ? {
            updated: iso(r.updated),
            auth_user_id: r.auth_user_id,
            devices: JSON.parse(r.devices),
            error: r.error,
          }
        : null,
    };
  }
}
