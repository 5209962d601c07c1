import type { ClientDeviceDoc, UserDoc } from '@console/contracts';
import type { Rng } from '../rng.ts';
import { between, DAY, WORLD_NOW } from '../time.ts';

/** App versions per platform, oldest first; newer ones are more common among recent installs. */
const VERSIONS = {
  android: ['4.1.0', '4.2.3', '4.3.1', '4.4.0', '4.5.2', '4.6.0'],
  ios: ['4.1.1', '4.2.2', '4.3.0', '4.4.1', '4.5.0', '4.6.1'],
  web: ['1.8.0', '1.9.2', '2.0.0'],
} as const;

/** Client device types by platform; PLW2 is the Android-based wall panel. */
const DEVICE_TYPES = [
  ['android', 'Pixel', 18],
  ['android', 'Galaxy', 22],
  ['android', 'Galaxy Tab', 5],
  ['android', 'PLW2', 6],
  ['ios', 'iPhone', 38],
  ['ios', 'iPad', 6],
  ['web', 'browser', 5],
] as const;

/** 1–3 clients per Gen2 user: the phones, tablets, panels and browsers they sign in from. */
export function addClientDevices(rng: Rng, users: readonly UserDoc[], out: ClientDeviceDoc[]): void {
  for (const user of users) {
    const since = user.createdDate.getTime();
    for (
      let n = rng.weighted([
        [1, 60],
        [2, 30],
        [3, 10],
      ] as const);
      n > 0;
      n--
    ) {
      const [platform, deviceType] = rng.weighted(
        DEVICE_TYPES.map(([p, t, w]) => [[p, t] as const, w] as const),
      );
      const createdDate = between(rng, since, WORLD_NOW - DAY);
      const versions = VERSIONS[platform];
      // Installs made later start on later versions: position in the world's span picks the floor.
      const age = (createdDate.getTime() - since) / Math.max(1, WORLD_NOW - since);
      const floor = Math.min(versions.length - 1, Math.floor(age * (versions.length - 1)));
      const appVersion = versions[rng.int(floor, versions.length - 1)] as string;
      const lastSeenDate = rng.chance(0.7)
        ? between(rng, Math.max(createdDate.getTime(), WORLD_NOW - 30 * DAY), WORLD_NOW)
        : between(rng, createdDate.getTime(), WORLD_NOW);
      out.push({
        userId: user.userId,
        clientDeviceId: `${platform}-${rng.hex(12)}`,
        platform,
        appVersion,
        deviceType,
        createdDate,
        lastSeenDate,
      });
    }
  }
}
