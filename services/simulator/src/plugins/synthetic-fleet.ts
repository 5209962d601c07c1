import type {
  SimAutomation,
  SimDevice,
  SimFeature,
  SimFleet,
  SimHost,
  SimHub,
  SimWfl,
} from '@console/contracts';
import type { FleetOptions } from './fleet-source.ts';
import { hex, intBetween, pick, type Random, seeded } from './random.ts';

/** Feature kinds per product code, with a value maker; a tiny stand-in for the world generator. */
const PRODUCTS: Record<string, [type: string, value: (r: Random) => number][]> = {
  L21: [
    ['switch', (r) => intBetween(r, 0, 1)],
    ['dimLevel', (r) => intBetween(r, 0, 100)],
    ['dimSetup', () => 0],
  ],
  L22: [
    ['switch', (r) => intBetween(r, 0, 1)],
    ['dimLevel', (r) => intBetween(r, 0, 100)],
    ['switch', (r) => intBetween(r, 0, 1)],
    ['dimLevel', (r) => intBetween(r, 0, 100)],
  ],
  L41: [
    ['switch', (r) => intBetween(r, 0, 1)],
    ['power', (r) => intBetween(r, 0, 2000)],
    ['energy', (r) => intBetween(r, 0, 90_000)],
  ],
  L43: [['switch', (r) => intBetween(r, 0, 1)]],
  L92: [
    ['temperature', (r) => Math.round((15 + r() * 9) * 10) / 10],
    ['targetTemperature', (r) => 16 + intBetween(r, 0, 12) / 2],
    ['valveLevel', (r) => intBetween(r, 0, 100)],
    ['batteryLevel', (r) => intBetween(r, 20, 100)],
  ],
};
const CODES = Object.keys(PRODUCTS);
const HUB_FIRMWARE = ['3.36.1', '3.37.2', '3.38.0', '3.38.1'];
const DEVICE_FIRMWARE = ['5.9', '6.4', '6.6', '6.12', '7.1'];

/** Bad-batch serials (BC2B2, then 5–9 or A–D, then two hex digits) turn up now and then. */
function serial(r: Random): string {
  if (r() < 0.03) return `BC2B2${pick(r, [...'56789ABCD'])}${hex(r, 2)}`.toUpperCase();
  return hex(r, 6).toUpperCase();
}

function device(r: Random, structure: string, hubId: number, n: number, f: { next: number }): SimDevice {
  const code = pick(r, CODES);
  const features: SimFeature[] = (PRODUCTS[code] ?? []).map(([type, value]) => ({
    featureId: `${structure}-${f.next++}-${hubId}+1`,
    type,
    name: `${type} ${n}`,
    value: value(r),
  }));
  features.push({
    featureId: `${structure}-${f.next++}-${hubId}+1`,
    type: 'diagnostics',
    name: 'diagnostics',
    value: 0,
  });
  return {
    deviceId: `${structure}-${n}-${hubId}+1`,
    productCode: code,
    serial: serial(r),
    firmwareVersion: pick(r, DEVICE_FIRMWARE),
    features,
  };
}

const AUTOMATION_NAMES = ['Morning', 'Evening lights', 'Away', 'Night', 'Heating boost'];
const AUTOMATION_CATEGORIES = ['timer', 'event', 'mood', 'sunset'];

/**
 * A few automations acting on the hub's own switches and dimmers (as many as `hubId mod 4`, at
 * most one per feature), derived without the random stream so the rest of the fleet stays as it was.
 */
function automationsOf(hubId: number, devices: SimDevice[]): SimAutomation[] {
  const targets = devices.flatMap((d) =>
    d.features.filter((f) => f.type === 'switch' || f.type === 'dimLevel'),
  );
  return targets.slice(0, hubId % 4).map((f, i) => {
    const category = AUTOMATION_CATEGORIES[i % AUTOMATION_CATEGORIES.length] as string;
    const script = {
      type: 'schedule',
      condition: { time: `${7 + i * 4}:00` },
      action: { featureId: f.featureId, value: 1 },
    };
    return {
      automationId: f.featureId.replace(/-\d+-/, `-a${i + 1}-`),
      name: AUTOMATION_NAMES[i % AUTOMATION_NAMES.length] as string,
      category,
      active: i % 3 !== 2,
      script: JSON.stringify(script),
    };
  });
}

function hub(r: Random, hubId: number): SimHub {
  const structure = hex(r, 24);
  const f = { next: 1 };
  const devices: SimDevice[] = [
    {
      deviceId: `${structure}-1-${hubId}+0`,
      productCode: 'L2',
      serial: serial(r),
      firmwareVersion: '',
      features: [],
    },
  ];
  const count = intBetween(r, 2, 10);
  for (let n = 2; n <= count + 1; n++) devices.push(device(r, structure, hubId, n, f));
  const firmwareVersion = pick(r, HUB_FIRMWARE);
  (devices[0] as SimDevice).firmwareVersion = firmwareVersion;
  return {
    hubId,
    rootGroupId: `${structure}-root`,
    firmwareVersion,
    configNumber: intBetween(r, 1, 500),
    systemStorageNumber: r() < 0.05 ? intBetween(r, 1, 3) : 0,
    errorState: r() < 0.03,
    locked: r() < 0.05,
    homeKitPaired: r() < 0.4,
    devices,
    automations: automationsOf(hubId, devices),
  };
}

/**
 * A small deterministic fleet: the same seed always gives the same hubs (ids 0xBC…, so they read as
 * the console's hex link ids), WiFi links (74:0A:BC…) and hosts.
 */
export function syntheticFleet(o: FleetOptions): SimFleet {
  const r = seeded(o.seed);
  const base = 0xbc000000 + ((o.seed * 65_537) % 0x400000);
  const hubs = Array.from({ length: o.hubs }, (_, i) => hub(r, base + i));
  const macBase = (o.seed * 7_919) % 0x800000;
  const wfls: SimWfl[] = Array.from({ length: o.wfls }, (_, i) => {
    const n = (macBase + i).toString(16).padStart(6, '0').toUpperCase();
    return {
      mac: `74:0A:BC:${n.slice(0, 2)}:${n.slice(2, 4)}:${n.slice(4, 6)}`,
      userId: String(100_000 + i),
    };
  });
  const hosts: SimHost[] = Array.from({ length: o.hosts }, (_, i) => {
    const kind = i % 2 === 0 ? 'command' : 'datamonitor';
    return {
      hostId: `host-${i + 1}`,
      name: `${kind === 'command' ? 'cmd' : 'dm'}-node-${Math.floor(i / 2) + 1}`,
      hostType: i % 4 < 2 ? 'node-v1' : 'other',
      kind,
    };
  });
  return { hubs, wfls, hosts };
}
