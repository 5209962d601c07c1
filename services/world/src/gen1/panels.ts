import type { Wfl } from '@console/contracts';
import { deriveSeed, Rng } from '../rng.ts';
import { between, DAY, epochSeconds, HOUR, recent, WORLD_NOW } from '../time.ts';
import { COMMANDS } from './catalog.ts';
import { type Gen1Rows, ID_BLOCK, rowId } from './types.ts';

// Streams of their own (per link, and one per account for Alexa): adding these tables changed no
// row of any other table.
const PANELS_STREAM = 0x9a4e;
const ALEXA_STREAM = 0xa1e8;

const ACTIONS = [
  ['device/set', 'switch', 'Turn on', '1'],
  ['device/set', 'switch', 'Turn off', '0'],
  ['device/dim', 'dimmer', 'Dim to level', '16'],
  ['heating/target', 'heating', 'Set target temperature', '21.5'],
  ['mood/start', 'mood', 'Start mood', '2'],
  ['all/off', 'room', 'All off in room', '0'],
] as const;
const API_ERRORS = ['Device not found', 'WiFi link offline', 'Rate limit exceeded', 'Value out of range'];
const TRIGGERS = [
  ['Lights at sunset', 'time', 'sunset -15'],
  ['Heating boost', 'sensor', 'temp < 17.0'],
  ['Hall on motion', 'device', 'R1D4 on'],
  ['High use alert', 'energy', 'use > 3000 W'],
  ['Morning on', 'time', '07:00 weekdays'],
] as const;
const LOGS = [
  ['info', 'Connected to server'],
  ['info', 'Registered with node'],
  ['info', 'Time synchronised'],
  ['warn', 'Ping reply late'],
  ['warn', 'Device R1D2 did not acknowledge'],
  ['error', 'Connection lost, retrying'],
  ['info', 'Firmware check: up to date'],
] as const;
const PLIST_KEYS = ['AppVersion', 'Locale', 'HomeName', 'TempUnit', 'ShowEnergy', 'LastRoom'];

/** The per-WFL panels' rows of every link of the account: plist, API command log, triggers, log. */
export function addPanelRows(seed: number, index: number, rows: Gen1Rows): void {
  const plistUsers = new Set(rows.users.filter((u) => u.plist_import === 1).map((u) => u.user_id));
  for (const wfl of rows.wfls) {
    const slot = wfl.wfl_id - rowId(index, 'wfl', 0);
    const rng = new Rng(deriveSeed(seed, index, PANELS_STREAM, slot));
    if (plistUsers.has(wfl.user_id)) plist(rng, rows, wfl);
    if (rng.chance(0.35)) apiCommands(rng, index, rows, wfl);
    const triggers = rng.chance(0.5) ? rng.int(1, 4) : 0;
    for (let i = 0; i < triggers; i++) {
      const [name, kind, condition] = rng.pick(TRIGGERS);
      rows.wfl_triggers.push({
        id: rowId(index, 'trigger', rows.wfl_triggers.length),
        wfl_id: wfl.wfl_id,
        name,
        kind,
        condition,
        action: rng.pick(COMMANDS),
        active: rng.chance(0.85) ? 1 : 0,
        created: epochSeconds(between(rng, wfl.created * 1000, WORLD_NOW)),
      });
    }
    const logs = rng.chance(0.6) ? rng.int(2, 14) : 0;
    const times = Array.from({ length: logs }, () => recent(rng, 30 * DAY).getTime()).sort((a, b) => a - b);
    for (const t of times) {
      const [level, text] = rng.pick(LOGS);
      rows.wfl_logs.push({
        id: rowId(index, 'log', rows.wfl_logs.length),
        wfl_id: wfl.wfl_id,
        time: new Date(t),
        level,
        text,
      });
    }
  }
  alexa(seed, index, rows);
}

function plist(rng: Rng, rows: Gen1Rows, wfl: Wfl) {
  const values: Record<string, string> = {
    AppVersion: rng.pick(['4.2.1', '4.3.0', '4.5.2']),
    Locale: rng.pick(['en_GB', 'en_IE', 'nl_NL', 'sv_SE']),
    HomeName: wfl.name,
    TempUnit: rng.pick(['C', 'F']),
    ShowEnergy: rng.pick(['YES', 'NO']),
    LastRoom: String(rng.int(1, 5)),
  };
  const entries = PLIST_KEYS.map((k) => [k, values[k] as string]);
  rows.wfl_plists.push({
    wfl_id: wfl.wfl_id,
    imported: epochSeconds(between(rng, wfl.created * 1000, WORLD_NOW)),
    plist: JSON.stringify(Object.fromEntries(entries)),
  });
}

function apiCommands(rng: Rng, index: number, rows: Gen1Rows, wfl: Wfl) {
  const count = Math.min(rng.int(1, 14), ID_BLOCK.apiCommand - rows.api_command_log.length);
  const devices = rows.devices.filter((d) => d.wfl_id === wfl.wfl_id);
  const times = Array.from({ length: count }, () => recent(rng, 14 * DAY).getTime()).sort((a, b) => a - b);
  for (const t of times) {
    const [action, type, description, value] = rng.pick(ACTIONS);
    const device = type === 'mood' || type === 'room' || devices.length === 0 ? null : rng.pick(devices);
    const error = rng.chance(0.15) ? rng.pick(API_ERRORS) : null;
    const time = new Date(t);
    const entry = {
      action,
      time: time.toISOString(),
      type,
      deviceId: device?.device_id ?? null,
      commandValue: value,
      commandDescription: description,
      error,
      mac: wfl.mac,
      client: rng.pick(['api-key-3f2a', 'api-key-91c0', 'ifttt']),
      latencyMs: rng.int(40, 1800),
    };
    rows.api_command_log.push({
      id: rowId(index, 'apiCommand', rows.api_command_log.length),
      wfl_id: wfl.wfl_id,
      mac: wfl.mac,
      action,
      time,
      type,
      device_id: entry.deviceId,
      command_value: value,
      command_description: description,
      error,
      raw: JSON.stringify(entry),
    });
  }
}

/** The account's Alexa discovery, for about a third of accounts; a few ended in an error. */
function alexa(seed: number, index: number, rows: Gen1Rows) {
  const user = rows.users[0];
  if (!user) return;
  const rng = new Rng(deriveSeed(seed, index, ALEXA_STREAM));
  if (!rng.chance(0.35)) return;
  const devices = rows.devices
    .filter((d) => rows.wfls.some((w) => w.wfl_id === d.wfl_id && w.user_id === user.user_id))
    .filter(() => rng.chance(0.7))
    .map((d) => ({
      name: d.name,
      endpointId: `lwrf-${d.device_id}`,
      type: d.device_type_id === 9 ? 'THERMOSTAT' : d.device_type_id === 2 ? 'LIGHT' : 'SWITCH',
    }));
  rows.alexa_discovered.push({
    user_id: user.user_id,
    updated: recent(rng, 60 * DAY, user.created * 1000 + HOUR),
    auth_user_id: `amzn1.account.${rng.hex(28).toUpperCase()}`,
    devices: JSON.stringify(devices),
    error: rng.chance(0.2)
      ? rng.pick(['Discovery timed out', 'Token expired: relink the skill', 'No devices returned'])
      : null,
  });
}
