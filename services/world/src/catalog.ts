import type { DeviceCategory } from '@console/contracts';

/** A Gen2 product the generator can pair: its features per channel and on the device itself. */
export interface ProductKind {
  code: string;
  category: DeviceCategory;
  name: string;
  channels: number;
  channelFeatures: readonly string[];
  deviceFeatures: readonly string[];
  hardware: string;
  protocol: string;
  virtualProductCode?: string;
}

const common = ['diagnostics', 'identify'] as const;

export const LINK_PLUS: ProductKind = {
  code: 'L2',
  category: 'linkPlus',
  name: 'Link Plus',
  channels: 0,
  channelFeatures: [],
  deviceFeatures: ['diagnostics', 'identify'],
  hardware: 'L2MK1',
  protocol: 'lwrf-hub',
};

const k = (
  code: string,
  category: DeviceCategory,
  name: string,
  channels: number,
  channelFeatures: readonly string[],
  hardware = `${code}MK2`,
): ProductKind => ({
  code,
  category,
  name,
  channels,
  channelFeatures,
  deviceFeatures: common,
  hardware,
  protocol: 'lwrf-868',
});

const DIMMER = ['switch', 'dimLevel', 'dimSetup', 'bulbSetup'] as const;
const SOCKET = ['switch', 'power', 'energy'] as const;

/** Products paired to hubs, with how often each is chosen. */
export const PRODUCTS: readonly (readonly [ProductKind, number])[] = [
  [k('L21', 'lighting', 'Dimmer 1 gang', 1, DIMMER), 18],
  [k('L22', 'lighting', 'Dimmer 2 gang', 2, DIMMER), 10],
  [k('L41', 'power', 'Socket 1 gang', 1, SOCKET), 10],
  // The L42 double socket: MK3 hardware; its initial batch carries the bad-batch serials.
  [k('L42', 'power', 'Socket 2 gang', 2, SOCKET, 'L42MK3'), 14],
  [k('L81', 'control', 'Relay', 1, ['switch']), 5],
  [k('L91', 'control', 'Scene switch', 2, ['uiButton', 'uiButtonPair']), 5],
  [k('LW934', 'heating', 'Thermostat', 1, ['temperature', 'targetTemperature', 'batteryLevel']), 8],
  [
    k('LW921', 'heating', 'Radiator valve', 1, [
      'temperature',
      'targetTemperature',
      'valveLevel',
      'batteryLevel',
    ]),
    10,
  ],
  [k('LW380', 'sensor', 'Window sensor', 1, ['windowPosition', 'batteryLevel']), 6],
  [k('LW600', 'sensor', 'Energy monitor', 1, ['power', 'energy']), 4],
  [
    {
      ...k('VD1', 'virtualDevice', 'Virtual switch', 1, ['switch']),
      virtualProductCode: 'VSW1',
      protocol: 'virtual',
    },
    3,
  ],
  [k('LW999', 'other', 'Unknown product', 1, ['switch'], 'unknown'), 1],
];

/** Gen1 (Connect) devices migrated into a Gen2 structure: marked `migrated: true` on the product. */
export const MIGRATED_PRODUCTS: readonly ProductKind[] = [
  { ...k('C1', 'lighting', 'Connect dimmer', 1, ['switch', 'dimLevel']), virtualProductCode: 'JSJSLW210' },
  { ...k('C1', 'power', 'Connect socket', 1, ['switch']), virtualProductCode: 'JSJSLW260' },
  {
    ...k('C1', 'heating', 'Connect radiator valve', 1, ['targetTemperature']),
    virtualProductCode: 'JSJSLW922',
  },
].map((p) => ({ ...p, protocol: 'lwrf-433', hardware: 'connect' }));

/** Device firmware, either side of 6.6 (the firmware warning flag). */
export const DEVICE_FIRMWARE: readonly (readonly [string, number])[] = [
  ['5.8', 1],
  ['6.2', 2],
  ['6.5', 2],
  ['6.6', 4],
  ['6.9', 4],
  ['7.1', 3],
];

export const HUB_FIRMWARE: readonly (readonly [string, number])[] = [
  ['3.35.0', 1],
  ['3.37.2', 2],
  ['3.38.0', 4],
  ['3.40.1', 3],
];
