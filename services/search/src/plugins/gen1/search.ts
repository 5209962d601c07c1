import type { Gen1Hit, Gen1SearchResult, Gen1User, Wfl } from '@console/contracts';
import { one, rows } from '../sql.ts';
import { Gen1Tables } from './gen1-tables.ts';
import {
  countStatement,
  type Gen1Criteria,
  HIT_CAP,
  matchedDevicesStatement,
  pageStatement,
  wflsStatement,
} from './statements.ts';
import { type DeviceRow, deviceView, wflView } from './views.ts';

/** The Gen1 customer searches over the legacy tables (seed 000 §7 search calls). */
export class Gen1Search extends Gen1Tables {
  async find(c: Gen1Criteria, limit: number, offset: number): Promise<Gen1SearchResult> {
    const page = pageStatement(c, limit, offset);
    const found = await rows<Gen1User & { matched: number }>(this.pool, page.text, page.values);
    let n = found[0]?.matched;
    if (n === undefined) {
      const count = countStatement(c);
      n = (await one<{ n: number }>(this.pool, count.text, count.values))?.n ?? 0;
    }
    return {
      rows: await this.hits(
        c,
        found.map(({ matched: _m, ...user }) => user),
      ),
      total: Math.min(n, HIT_CAP),
      totalExact: n <= HIT_CAP,
      limit,
      offset,
    };
  }

  private async hits(c: Gen1Criteria, users: Gen1User[]): Promise<Gen1Hit[]> {
    if (users.length === 0) return [];
    const ids = users.map((u) => u.user_id);
    const w = wflsStatement(c, ids);
    const d = matchedDevicesStatement(c, ids);
    const [wfls, devices] = await Promise.all([
      rows<Wfl>(this.pool, w.text, w.values),
      d ? rows<DeviceRow>(this.pool, d.text, d.values) : Promise.resolve([]),
    ]);
    const now = this.now();
    return users.map((user) => ({
      user,
      wfls: wfls.filter((x) => x.user_id === user.user_id).map((x) => wflView(x, now)),
      devices: devices.filter((x) => x.userId === user.user_id).map(deviceView),
    }));
  }
}
