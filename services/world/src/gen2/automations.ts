import { type Automation, isBadBatchSerial } from '@console/contracts';
import type { Home } from './home.ts';

const NAMES = [
  'Morning',
  'Good night',
  'Away',
  'Holiday lights',
  'Sunset lights',
  'Heating boost',
  'Movie time',
];
const CATEGORIES = ['timer', 'event', 'mood', 'sunrise', 'sunset', 'heating'];

/** A lighting grouping and a heating zone, where the home has what they need. */
export function addGroupings(home: Home): void {
  const { rng } = home;
  const lights = home.featuresOfType('switch').filter((f) => f.attributes.channel > 0);
  if (lights.length >= 2 && rng.chance(0.3)) {
    const g = home.group('grouping', 'All lights');
    for (const f of lights) {
      g.features.push(f.featureId);
      f.groups.push(g.groupId);
    }
  }
  const heating = home.featuresOfType('targetTemperature');
  if (heating.length > 0 && rng.chance(0.5)) {
    const z = home.group('zone', 'Heating', { category: 'heating' });
    for (const f of heating) {
      z.features.push(f.featureId);
      f.groups.push(z.groupId);
    }
  }
}

/** 0–4 automations in one automation set, acting on the home's switches, dimmers and thermostats. */
export function addAutomations(home: Home): void {
  const { rng } = home;
  const targets = home.featuresOfType('switch', 'dimLevel', 'targetTemperature');
  const count = targets.length === 0 ? 0 : rng.int(0, 4);
  if (count === 0) return;
  const set = home.group('automationSet', 'Automations');
  for (let i = 0; i < count; i++) {
    const feature = rng.pick(targets);
    const room = home.rooms.length > 0 && rng.chance(0.5) ? rng.pick(home.rooms) : null;
    const category = rng.pick(CATEGORIES);
    const automation: Automation = {
      groupId: home.nextId(home.mainLink),
      name: rng.pick(NAMES),
      active: rng.chance(0.85),
      category,
      features: [feature.featureId],
      groups: room ? [set.groupId, room.groupId] : [set.groupId],
      script: {
        type: category === 'event' ? 'trigger' : category === 'mood' ? 'scene' : 'schedule',
        condition:
          category === 'sunrise' || category === 'sunset'
            ? { solar: category, offsetMinutes: rng.int(-30, 30) }
            : {
                time: `${String(rng.int(5, 23)).padStart(2, '0')}:${rng.pick(['00', '30'])}`,
                days: [1, 2, 3, 4, 5],
              },
        action: {
          featureId: feature.featureId,
          value: feature.attributes.type === 'switch' ? 1 : rng.int(10, 90),
        },
      },
    };
    home.structure.automations[automation.groupId] = automation;
    set.automations.push(automation.groupId);
  }
}

/**
 * The data-quality cases the console warns about (Support Plus spec §2, §8): a feature whose
 * device is missing ('Missing Device!'; its featureSet group's device is missing too), and an
 * automation that uses a group the structure does not have ('Missing group!').
 */
export function addAnomalies(home: Home, flags: Set<string>): void {
  const { rng, structure } = home;
  // Never a bad-batch or migrated device, so those cases stay as generated.
  const devices = home.products.filter(
    (p) => p.category !== 'linkPlus' && !p.migrated && !isBadBatchSerial(p.serial),
  );
  if (devices.length >= 2 && rng.chance(0.03)) {
    const gone = rng.pick(devices);
    delete structure.devices[gone.deviceId];
    home.products.splice(home.products.indexOf(gone), 1);
    flags.add('gen2.missingDevice');
  }
  const automations = Object.values(structure.automations);
  if (automations.length > 0 && rng.chance(0.06)) {
    rng.pick(automations).groups.push(home.nextId(home.mainLink));
    flags.add('gen2.missingGroup');
  }
}
