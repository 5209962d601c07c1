import type { SimFleet, SimHub } from '@console/contracts';
import { hubsOf, wflsOf } from '@console/world';
import type { FleetOptions } from './fleet-source.ts';
import { hubFromRecords } from './hub-records.ts';
import { syntheticFleet } from './synthetic-fleet.ts';

/**
 * The generated world's hubs and WiFi links (the same ones `infra/demo/seed.ts` stored for this
 * seed), regenerated without the database. `hubs`/`wfls` cap how many of the world's customers'
 * links run; `WORLD_CUSTOMERS` is the world's size. Supervisord hosts are not part of the world,
 * so they come from the synthetic builder. `customers` are the running hubs' owners: the customers
 * whose clients (app, web, voice agent) the simulator brings and takes away.
 */
export function worldFleet(o: FleetOptions): SimFleet & { customers: string[] } {
  const spec = { seed: o.seed, customers: o.customers ?? 2000 };
  const hubs: SimHub[] = [];
  const owners = new Set<string>();
  for (const { hub, structure, products, owner } of hubsOf(spec)) {
    if (hubs.length >= o.hubs) break;
    hubs.push(hubFromRecords(hub, structure, products));
    owners.add(owner.userId);
  }
  const wfls = [];
  for (const w of wflsOf(spec)) {
    if (wfls.length >= o.wfls) break;
    wfls.push({ mac: w.mac, userId: String(w.user_id) });
  }
  const { hosts } = syntheticFleet({ ...o, hubs: 0, wfls: 0 });
  return { hubs, wfls, hosts, customers: [...owners] };
}
