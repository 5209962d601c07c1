import { displayMac, type HubDoc, hubIdHex, type ProductDoc, type UserDoc } from '@console/contracts';
import type { Db } from 'mongodb';
import type pg from 'pg';

/** Real terms from the loaded world, for the plans and the benchmark. */
export interface Samples {
  gen1Email: string;
  gen1UserId: number;
  macShown: string;
  deviceSerial: string;
  deviceName: string;
  deviceId: number;
  gen2Email: string;
  gen2UserId: string;
  rootGroupId: string;
  hubId: number;
  hubHex: string;
  productSerial: string;
}

/** Terms of `n` customers spread over the world (by id order, so any size gives the same kinds). */
export async function pickSamples(pool: pg.Pool, db: Db, n: number): Promise<Samples[]> {
  const users = await pool.query<{ user_id: string; email: string }>(
    'select user_id, email from users where user_id in (select user_id from wfls) order by user_id limit $1 offset 13',
    [n],
  );
  const out: Samples[] = [];
  // Twice as many Gen2 users as needed: a structure with no hub or no device (1 % are empty) is
  // skipped, so every hub-id and serial sample is a real term.
  const gen2 = await db
    .collection<UserDoc>('users')
    .find({ noRoot: false })
    .limit(n * 2)
    .toArray();
  let next = 0;
  const nextStructure = async () => {
    while (next < gen2.length) {
      const g = gen2[next++] as UserDoc;
      const rootGroupId = g.rootGroupIds[0] as string;
      const hub = await db.collection<HubDoc>('hubs').findOne({ rootGroupId });
      const product = await db
        .collection<ProductDoc>('products')
        .findOne({ rootGroupId, productCode: { $ne: 'L2' } });
      if (hub && product) return { g, rootGroupId, hub, product };
    }
    return null;
  };
  for (let i = 0; i < n; i++) {
    const u = users.rows[i % users.rows.length];
    const picked = await nextStructure();
    if (!u || !picked) break;
    const { g, rootGroupId, hub, product } = picked;
    const w = await pool.query<{ mac: string }>(
      'select mac from wfls where user_id = $1 order by wfl_id limit 1',
      [u.user_id],
    );
    const d = await pool.query<{ device_id: string; serial: string; name: string }>(
      'select d.device_id, d.serial, d.name from devices d join wfls w on w.wfl_id = d.wfl_id where w.user_id = $1 order by d.device_id limit 1',
      [u.user_id],
    );
    const device = d.rows[0];
    out.push({
      gen1Email: u.email,
      gen1UserId: Number(u.user_id),
      macShown: displayMac(w.rows[0]?.mac ?? ''),
      deviceSerial: device?.serial ?? '',
      deviceName: (device?.name ?? '').split(' ').slice(-1)[0] ?? '',
      deviceId: Number(device?.device_id ?? 0),
      gen2Email: g.email,
      gen2UserId: g.userId,
      rootGroupId,
      hubId: hub.hubId,
      hubHex: hubIdHex(hub.hubId),
      productSerial: product.serial,
    });
  }
  return out;
}
