import type { Role } from '../../roles.ts';

/** The Stats menu (analytics spec §6): stats or dev; admin passes every check. */
export const STATS_ROLES: readonly Role[] = ['stats', 'dev'];
/** Support Plus's statistics panel is part of Support Plus; the stats role may open it too. */
export const STATS_PANEL_ROLES: readonly Role[] = ['support', 'dev', 'stats'];

/** A statistics period in milliseconds, as `period=86400000` in Support Plus spec §7. */
export const STATS_PERIODS = { hourly: 3_600_000, daily: 86_400_000 } as const;
export type StatsPeriodName = keyof typeof STATS_PERIODS;

/** Core spec §9: limit default 30, refresh delay 3 s, a top-ten list of 9 entries. */
export const STATS_LIMITS = {
  defaultLimit: 30,
  maxLimit: 1000,
  defaultPieSize: 10,
  refreshDelayMs: 3000,
  topTenEntries: 9,
} as const;

/** The kinds of `GET /api/supportPlus/stats/{kind}` (core spec §7). */
export const STATS_KINDS = [
  'commands',
  'products',
  'automations',
  'groups',
  'agents',
  'users',
  'duration',
  'userLicensesV5',
  'workers',
  'global',
  'appVersions',
  'clientDeviceTypes',
] as const;
export type StatsKind = (typeof STATS_KINDS)[number];

/** The projections `GET /api/supportPlus/stats/any` serves: structure products and hub logs. */
export const STATS_ANY_PROJECTIONS = ['products', 'commands.general.logs'] as const;
export type StatsAnyProjection = (typeof STATS_ANY_PROJECTIONS)[number];

/** What a tab's extra controls filter on; each series carries these tags. */
export type StatsControl =
  | 'agentType'
  | 'agent'
  | 'source'
  | 'group'
  | 'level'
  | 'worker'
  | 'measure'
  | 'automation'
  | 'groupType'
  | 'stat'
  | 'metric'
  | 'deviceType';

export interface StatsTab {
  id: string;
  label: string;
  /** Where its data comes from: a kind, or `any` with a projection. */
  kind: StatsKind | 'any';
  projection?: StatsAnyProjection;
  /** Pies shown beside the lines (the pie size applies); app versions names three. */
  pies: readonly string[];
  controls: readonly StatsControl[];
}

/** The 13 statistics tabs of core spec §2, in order. */
export const STATS_TABS: readonly StatsTab[] = [
  { id: 'products', label: 'Products', kind: 'products', pies: ['products'], controls: [] },
  {
    id: 'structureProducts',
    label: 'Structure Products',
    kind: 'any',
    projection: 'products',
    pies: ['structure products'],
    controls: [],
  },
  { id: 'licences', label: 'Licences', kind: 'userLicensesV5', pies: [], controls: [] },
  { id: 'commands', label: 'Commands', kind: 'commands', pies: ['commands'], controls: [] },
  { id: 'duration', label: 'Duration', kind: 'duration', pies: [], controls: [] },
  { id: 'agents', label: 'Agents', kind: 'agents', pies: ['agents'], controls: ['agentType', 'agent'] },
  {
    id: 'logs',
    label: 'Logs',
    kind: 'any',
    projection: 'commands.general.logs',
    pies: ['logs'],
    controls: ['source', 'group', 'level'],
  },
  { id: 'workers', label: 'Workers', kind: 'workers', pies: ['workers'], controls: ['worker'] },
  {
    id: 'automations',
    label: 'Automations',
    kind: 'automations',
    pies: ['automations'],
    controls: ['measure', 'automation'],
  },
  { id: 'groups', label: 'Groups', kind: 'groups', pies: ['groups'], controls: ['groupType', 'group'] },
  { id: 'global', label: 'Global Stats', kind: 'global', pies: [], controls: ['stat'] },
  {
    id: 'appVersions',
    label: 'App Versions',
    kind: 'appVersions',
    pies: ['platform', 'Android', 'IOS'],
    controls: [],
  },
  {
    id: 'clientDeviceTypes',
    label: 'Client Device Types',
    kind: 'clientDeviceTypes',
    pies: ['device types'],
    controls: ['metric', 'deviceType'],
  },
];

/** The client device type the 'Select PLW2 Only' shortcut picks. */
export const PLW2_DEVICE_TYPE = 'PLW2';

/** Support Plus statistics panel (seed 001 §2, §7, §9). */
export const PRODUCTS_BY_DATE = {
  defaultLimit: 182,
  period: STATS_PERIODS.daily,
  changeGapDays: 7,
  rollingDays: 7,
} as const;

/** Device change colours: below 0 red, below 10, below 100, otherwise '1000plus'. */
export const CHANGE_COLOUR_CLASSES = [
  { below: 0, name: 'red' },
  { below: 10, name: 'below10' },
  { below: 100, name: 'below100' },
  { below: Number.POSITIVE_INFINITY, name: '1000plus' },
] as const;

export function changeColourClass(change: number): (typeof CHANGE_COLOUR_CLASSES)[number]['name'] {
  for (const c of CHANGE_COLOUR_CLASSES) if (change < c.below) return c.name;
  return '1000plus';
}

/** Choice values above 100 load the external agents graph; 101 is the one the spec names. */
export const AGENT_GRAPH_CHOICE = 101;

/** `/protocolerrors` shows the last 15 days (core spec §2). */
export const PROTOCOL_ERROR_DAYS = 15;
