/**
 * The poke commands a Gen1 WiFi link accepts, with the ranges of the core spec's reference table:
 *
 *   [nnn,]!R<room>D<device>F1 | F0        on / off
 *   [nnn,]!R<room>D<device>FdP<1–32>      dim level
 *   [nnn,]!R<room>Dh[n]F*tP<0–40, .5>      target temperature
 *   [nnn,]!R<room>Dh[n]F*vP<50–60>         valve position code (50 = 0 %, 51 = 10 % … 60 = 100 %)
 *   [nnn,]!R<room>Dh[n]F*pP<HHMM-temp>[;…] heating profile, at most 5 slots
 *   [nnn,]!R<room>FmP<1–5> | !R<room>Fa    mood recall / all off
 *
 * An optional `|text` tail is ignored; the reply echoes the transaction number: `nnn,OK` or `nnn,ERR,<why>`.
 */
export type WflEffect =
  | { kind: 'switch'; room: number; device: number; on: boolean }
  | { kind: 'dim'; room: number; device: number; level: number }
  | { kind: 'temperature'; room: number; celsius: number }
  | { kind: 'valve'; room: number; percent: number }
  | { kind: 'profile'; room: number; slots: { time: string; celsius: number }[] }
  | { kind: 'mood'; room: number; mood: number }
  | { kind: 'allOff'; room: number };

export type WflResult = { ok: true; reply: string; effect: WflEffect } | { ok: false; reply: string };

export const MAX_PROFILE_SLOTS = 5;

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
    if (level < 1 || level > 32) return 'dim level must be 1 to 32';
    return { kind: 'dim', room: Number(m[1]), device: Number(m[2]), level };
  }
  m = /^!R(\d{1,2})Dh\d{0,2}F\*([tvp])P(.+)$/.exec(body);
  if (m) {
    const room = Number(m[1]);
    const arg = m[3] as string;
    if (m[2] === 't') {
      const celsius = Number(arg);
      return temperatureOk(celsius)
        ? { kind: 'temperature', room, celsius }
        : 'temperature must be 0 to 40 in 0.5 steps';
    }
    if (m[2] === 'v') {
      const percent = /^\d{2}$/.test(arg) ? valvePercent(Number(arg)) : null;
      return percent === null ? 'valve code must be 50 to 60' : { kind: 'valve', room, percent };
    }
    const parts = arg.split(';');
    if (parts.length > MAX_PROFILE_SLOTS) return `a profile has at most ${MAX_PROFILE_SLOTS} slots`;
    const slots: { time: string; celsius: number }[] = [];
    for (const part of parts) {
      const s = /^([01]\d|2[0-3])([0-5]\d)-(\d{1,2}(?:\.5|\.0)?)$/.exec(part);
      if (!s || !temperatureOk(Number(s[3]))) return `bad profile slot ${part}`;
      slots.push({ time: `${s[1]}:${s[2]}`, celsius: Number(s[3]) });
    }
    return { kind: 'profile', room, slots };
  }
  m = /^!R(\d{1,2})FmP(\d)$/.exec(body);
  if (m) {
    const mood = Number(m[2]);
    return mood >= 1 && mood <= 5 ? { kind: 'mood', room: Number(m[1]), mood } : 'mood must be 1 to 5';
  }
  m = /^!R(\d{1,2})Fa$/.exec(body);
  if (m) return { kind: 'allOff', room: Number(m[1]) };
  return 'unknown command';
}

export function parseWflCommand(command: string): WflResult {
  const m = /^(?:(\d{1,3}),)?([^|]*)(?:\|.*)?$/s.exec(command.trim());
  const trans = m?.[1] ? `${m[1]},` : '';
  const body = (m?.[2] ?? '').trim();
  const effect = effectOf(body);
  if (typeof effect === 'string') return { ok: false, reply: `${trans}ERR,${effect}` };
  if ('room' in effect && (effect.room < 1 || effect.room > 80))
    return { ok: false, reply: `${trans}ERR,bad room` };
  return { ok: true, reply: `${trans}OK`, effect };
}
