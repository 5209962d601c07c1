import type {
  ApiCommandLogRow,
  EnergyReadingRow,
  Gen1AlexaDiscoveredRow,
  Gen1Device,
  Gen1User,
  HeatingPlan,
  LatestEnergyRow,
  LatestTemperatureRow,
  Mood,
  PingRow,
  QueuedCommandRow,
  Room,
  TimerEvent,
  Wfl,
  WflLocation,
  WflLogRow,
  WflPlist,
  WflTrigger,
  Zone,
} from '@console/contracts';

/** One customer's Gen1 rows, keyed by table name. */
export interface Gen1Rows {
  users: Gen1User[];
  wfls: Wfl[];
  wfl_locations: WflLocation[];
  rooms: Room[];
  devices: Gen1Device[];
  moods: Mood[];
  zones: Zone[];
  timers: TimerEvent[];
  heating_plans: HeatingPlan[];
  command_queue: QueuedCommandRow[];
  pings: PingRow[];
  latest_temperature: LatestTemperatureRow[];
  latest_energy: LatestEnergyRow[];
  energy_readings: EnergyReadingRow[];
  wfl_plists: WflPlist[];
  api_command_log: ApiCommandLogRow[];
  alexa_discovered: Gen1AlexaDiscoveredRow[];
  wfl_triggers: WflTrigger[];
  wfl_logs: WflLogRow[];
}

export type Gen1Table = keyof Gen1Rows;

export const GEN1_TABLES: readonly Gen1Table[] = [
  'users',
  'wfls',
  'wfl_locations',
  'rooms',
  'devices',
  'moods',
  'zones',
  'timers',
  'heating_plans',
  'command_queue',
  'pings',
  'latest_temperature',
  'latest_energy',
  'energy_readings',
  'wfl_plists',
  'api_command_log',
  'alexa_discovered',
  'wfl_triggers',
  'wfl_logs',
];

export function emptyGen1(): Gen1Rows {
  return Object.fromEntries(GEN1_TABLES.map((t) => [t, []])) as unknown as Gen1Rows;
}

/**
 * Id blocks per customer: row ids are `index * block + n + 1`, unique without a sequence. The
 * generator never makes more rows of a kind than its block holds.
 */
export const ID_BLOCK = {
  user: 2,
  wfl: 4,
  room: 32,
  device: 64,
  mood: 64,
  zone: 8,
  timer: 16,
  heatingPlan: 16,
  command: 32,
  ping: 16,
  energy: 128,
  apiCommand: 64,
  trigger: 16,
  log: 64,
} as const;

export const rowId = (index: number, block: keyof typeof ID_BLOCK, n: number) =>
  index * ID_BLOCK[block] + n + 1;
