/**
 * The poke commands a Gen1 WiFi link accepts, with the ranges of the core spec's reference table
 * (seed 000 §2 "Poke form"). One parser for both sides: hub-control refuses a command before it
 * queues it, and the simulated link answers with the same rules.
 *
 *   [nnn,]!R<room>D<device>F1 | F0          on / off
 *   [nnn,]!R<room>D<device>FdP<1–32>        dim level
 *   [nnn,]!R<room>Dh[n]F*tP<0–40, .5>       target temperature (also D<device>)
 *   [nnn,]!R<room>Dh[n]F*vP<50–60>          valve position code (50 = 0 %, 51 = 10 % … 60 = 100 %)
 *   [nnn,]!R<room>Dh[n]F*pP<HHMM-temp>[;…]  heating profile, at most 5 slots
 *   [nnn,]!R<room>FmP<1–5> | !R<room>Fa      mood recall / all off
 *
 * An optional `|text` tail is ignored; the reply echoes the transaction number: `nnn,OK` or
 * `nnn,ERR,<why>`.
 */
export type WflEffect =
  | { kind: 'switch'; room: number; device: number; on: boolean }
  | { kind: 'dim'; room: number; device: number; level: number }
  | { kind: 'temperature'; room: number; celsius: number }
  | { kind: 'valve'; room: number; percent: number }
  | { kind: 'profile'; room: number; slots: { time: string; celsius: number }[] }
  | { kind: 'mood'; room: number; mood: number }
  | { kind: 'allOff'; room: number };

export type WflResult =
  | { ok: true; reply: string; effect: WflEffect }
  | { ok: false; reply: string; reason: string };

export const MAX_PROFILE_SLOTS = 5;
export const MAX_WFL_COMMAND_LENGTH = 200;

/** Why a command is refused, as the link says it (`ERR,<why>`) and as the console shows it. */
export const WFL_COMMAND_RULES = {
  temperature: 'temperature must be 0 to 40 in 0.5 steps',
  dim: 'dim level must be 1 to 32',
  valve: 'valve code must be 50 to 60 (50 = 0 %, 51 = 10 %, 55 = 50 %, 60 = 100 %)',
  profile: `a profile has at most ${MAX_PROFILE_SLOTS} slots`,
  slot: 'a profile slot is HHMM-temperature, 0 to 40 in 0.5 steps',
  mood: 'mood must be 1 to 5',
  room: 'room must be 1 to 80',
  unknown: 'unknown command',
  empty: 'malformed',
} as const;

/** The Poke form's reference table (seed 000 §2): what to type and what it does. */
export const WFL_COMMAND_REFERENCE: readonly { command: string; meaning: string }[] = [
  { command: '!R1D2F1 / !R1D2F0', meaning: 'Room 1, device 2 on / off' },
  { command: '!R1D2FdP16', meaning: 'Dim level, 1 to 32' },
  { command: '!R1DhF*tP21.5', meaning: 'Target temperature, 0 to 40 in 0.5 steps' },
  {
    command: '!R1DhF*vP55',
    meaning: 'Valve position code: 50 = 0 %, 51 = 10 %, 55 = 50 %, 60 = 100 %',
  },
  { command: '!R1DhF*pP0700-21;2230-16.5', meaning: 'Heating profile, at most 5 slots (HHMM-temperature)' },
  { command: '!R1FmP3 / !R1Fa', meaning: 'Mood 1 to 5 / all off in room 1' },
  { command: '101,!R1D2F1|Lamp|On', meaning: 'Optional transaction number (echoed) and |text tail' },
  {
    command: 'ports 2011 / 2013',
    meaning: 'Example ports: 2011 for the Q server, 2013 for the data monitor',
  },
];

const temperatureOk = (t: number) => Number.isFinite(t) && t >= 0 && t <= 40 && Number.isInteger(t * 2);

/** 50 → 0 %, 51 → 10 % … 60 → 100 %; null outside the codes. */
export function valvePercent(code: number): number | null {
  return Number.isInteger(code) && code >= 50 && code <= 60 ? (code - 50) * 10 : null;
}

function effectOf(body: string): WflEffect | string {
  let m = /^!R(\d{1,2})D(\d{1,2})F([01])$/.exec(body);
  if (m) return { kind: 'switch', room: Number(m[1]), device: Number(m[2]), on: m[3] === '1' };
  m = /^!R(\d{1,2})D(\d{1,2})FdP(\d{1,3})$/.exec(body);
  if (m) {
    const level = Number(m[3]);
    if (level < 1 || level > 32) return WFL_COMMAND_RULES.dim;
    return { kind: 'dim', room: Number(m[1]), device: Number(m[2]), level };
  }
  m = /^!R(\d{1,2})D(?:h\d{0,2}|\d{1,2})F\*([tvp])P(.+)$/.exec(body);
  if (m) {
    const room = Number(m[1]);
    const arg = m[3] as string;
    if (m[2] === 't') {
      const celsius = /^\d{1,2}(?:\.\d+)?$/.test(arg) ? Number(arg) : Number.NaN;
      return temperatureOk(celsius) ? { kind: 'temperature', room, celsius } : WFL_COMMAND_RULES.temperature;
    }
    if (m[2] === 'v') {
      const percent = /^\d{2}$/.test(arg) ? valvePercent(Number(arg)) : null;
      return percent === null ? WFL_COMMAND_RULES.valve : { kind: 'valve', room, percent };
    }
    const parts = arg.split(';');
    if (parts.length > MAX_PROFILE_SLOTS) return WFL_COMMAND_RULES.profile;
    const slots: { time: string; celsius: number }[] = [];
    for (const part of parts) {
      const s = /^([01]\d|2[0-3])([0-5]\d)-(\d{1,2}(?:\.5|\.0)?)$/.exec(part);
      if (!s || !temperatureOk(Number(s[3]))) return WFL_COMMAND_RULES.slot;
      slots.push({ time: `${s[1]}:${s[2]}`, celsius: Number(s[3]) });
    }
    return { kind: 'profile', room, slots };
  }
  m = /^!R(\d{1,2})FmP(\d)$/.exec(body);
  if (m) {
    const mood = Number(m[2]);
    return mood >= 1 && mood <= 5 ? { kind: 'mood', room: Number(m[1]), mood } : WFL_COMMAND_RULES.mood;
  }
  m = /^!R(\d{1,2})Fa$/.exec(body);
  if (m) return { kind: 'allOff', room: Number(m[1]) };
  return WFL_COMMAND_RULES.unknown;
}

/** Parses a poke command; a refusal carries the reply the link sends and the rule it broke. */
export function parseWflCommand(command: string): WflResult {
  const m = /^(?:(\d{1,3}),)?([^|]*)(?:\|.*)?$/s.exec(command.trim());
  const trans = m?.[1] ? `${m[1]},` : '';
  const body = (m?.[2] ?? '').trim();
  const refuse = (reason: string): WflResult => ({ ok: false, reply: `${trans}ERR,${reason}`, reason });
  if (!body) return refuse(WFL_COMMAND_RULES.empty);
  if (command.length > MAX_WFL_COMMAND_LENGTH) return refuse(WFL_COMMAND_RULES.unknown);
  const effect = effectOf(body);
  if (typeof effect === 'string') return refuse(effect);
  if (effect.room < 1 || effect.room > 80) return refuse(WFL_COMMAND_RULES.room);
  return { ok: true, reply: `${trans}OK`, effect };
}

/** The console's words for a refused command: the rule, as a sentence. */
export function wflRuleMessage(reason: string): string {
  if (reason === WFL_COMMAND_RULES.unknown || reason === WFL_COMMAND_RULES.empty)
    return 'Unknown command: see the reference table of command strings.';
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;
}
