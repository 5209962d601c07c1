import type { Wfl } from '@console/contracts';
import * as ids from '../ids.ts';
import { between, DAY, epochSeconds } from '../time.ts';
import type { Gen1Input } from './accounts.ts';
import { link, SPARE_WFL } from './links.ts';
import { type Gen1Rows, rowId } from './types.ts';

/** The account-level cases: several accounts on one MAC, or a device whose WFL does not exist. */
export function addAccountCases(input: Gen1Input, rows: Gen1Rows): void {
  const { rng, index, person, created, flags } = input;
  const first = rows.wfls[0] as Wfl;
  if (rng.chance(0.015)) {
    // Several accounts on one MAC: an older second account whose link has the same MAC (seed 000 §2).
    flags.add('gen1.sharedMac');
    const old = rowId(index, 'user', 1);
    const at = between(rng, created.getTime() - 400 * DAY, created.getTime());
    rows.users.push({
      user_id: old,
      email: person.email.replace('@', '.old@'),
      username: `${person.username}old`,
      name: person.name,
      role: null,
      active: rng.chance(0.5) ? 1 : 0,
      created: epochSeconds(at),
      updated: epochSeconds(at),
      plist_import: 0,
    });
    link(input, rows, SPARE_WFL, old, first.mac, at);
  } else if (rng.chance(0.01)) {
    // A device whose WFL does not exist (seed 000 §8): it names the spare slot, which has no link.
    flags.add('gen1.orphanDevice');
    rows.devices.push({
      device_id: rowId(index, 'device', rows.devices.length),
      device_type_id: 1,
      name: 'Old switch',
      serial: ids.serial(input.seed, index, rows.devices.length, 1),
      wfl_id: rowId(index, 'wfl', SPARE_WFL),
      room_id: null,
      active: 0,
    });
  }
}
