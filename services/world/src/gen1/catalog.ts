import type { DeviceType, DeviceTypeValue } from '@console/contracts';

/** Gen1 device types (seed 000 §3; 9 to 12 are heating, 13 energy). The generator pairs 0, 1, 2, 9 and 13. */
export const DEVICE_TYPES: readonly DeviceType[] = [
  [0, 'No type', 'E', 0, 0],
  [1, 'Switch', 'O', 1, 0],
  [2, 'Dimmer', 'D', 1, 0],
  [3, 'Socket', 'S', 1, 0],
  [4, 'Relay', 'R', 1, 0],
  [5, 'Mood controller', 'M', 1, 0],
  [6, 'Remote', 'C', 0, 0],
  [7, 'PIR sensor', 'P', 1, 0],
  [8, 'Door sensor', 'W', 1, 0],
  [9, 'Radiator valve', 'T', 1, 1],
  [10, 'Thermostat', 'H', 1, 1],
  [11, 'Boiler switch', 'B', 1, 1],
  [12, 'Heating zone', 'Z', 0, 1],
  [13, 'Energy monitor', 'N', 1, 0],
].map(([id, name, code, prod, heating]) => ({
  device_type_id: id as number,
  name: name as string,
  active: 1,
  wlf_code: code as string,
  prod: prod as 0 | 1,
  is_heating: heating as 0 | 1,
}));

const SWITCH: readonly [string, string, string][] = [
  ['On', 'F1', 'Switch on'],
  ['Off', 'F0', 'Switch off'],
];

const VALUES: Record<number, readonly [string, string, string][]> = {
  1: SWITCH,
  2: [...SWITCH, ['Dim 50%', 'FdP16', 'Dim level 16 of 32'], ['Dim 100%', 'FdP32', 'Dim level 32 of 32']],
  3: [
    ['On', 'F1', 'Socket on'],
    ['Off', 'F0', 'Socket off'],
  ],
  9: [
    ['Valve 0%', 'F*tP50', 'Valve position code 50 = 0%'],
    ['Valve 10%', 'F*tP51', 'Valve position code 51 = 10%'],
    ['Valve 50%', 'F*tP55', 'Valve position code 55 = 50%'],
    ['Valve 100%', 'F*tP60', 'Valve position code 60 = 100%'],
    ['21.5', 'F*tP21.5', 'Target temperature 21.5 (0 to 40 in 0.5 steps)'],
  ],
  10: [['20', 'F*tP20', 'Target temperature 20']],
  13: [['Read', 'F*r', 'Read current use']],
};

export const DEVICE_TYPE_VALUES: readonly DeviceTypeValue[] = Object.entries(VALUES).flatMap(([type, rows]) =>
  rows.map(([value, code, description], i) => ({
    device_type_value_id: Number(type) * 100 + i + 1,
    device_type_id: Number(type),
    value,
    wlf_code: code,
    description,
  })),
);

/** The types the generator pairs to WiFi links, with how often. */
export const PAIRED_TYPES: readonly (readonly [number, number])[] = [
  [1, 35],
  [2, 30],
  [9, 20],
  [13, 10],
  [0, 5],
];

export const DEVICE_WORDS: Record<number, readonly string[]> = {
  0: ['Device', 'Unknown'],
  1: ['Light', 'Lamp', 'Fan', 'Socket'],
  2: ['Lights', 'Spotlights', 'Ceiling light', 'Wall lights'],
  9: ['Radiator', 'Valve'],
  13: ['Energy monitor', 'Meter'],
};

/** Command strings of the poke table (seed 000 §2): rooms, devices, dim 1–32, temperature in 0.5 steps. */
export const COMMANDS = [
  '!R1D1F1',
  '!R1D1F0',
  '!R1D2FdP16',
  '!R2D1FdP32',
  '!R1D3F*tP21.5',
  '!R1FmP1',
  '!R2Fa',
  '!F*r',
];
