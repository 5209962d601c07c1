import { DAY_GAP_CAP, type UsersWithApi, VOICE_EPOCH } from '@console/contracts';

const WEEK = 7 * 86_400_000;
const EPOCH_S = Date.parse(VOICE_EPOCH) / 1000;
/** Weeks start on Monday (UTC). 1970-01-05 was a Monday. */
const MONDAY = Date.UTC(1970, 0, 5);
export const weekStart = (ms: number) => MONDAY + Math.floor((ms - MONDAY) / WEEK) * WEEK;

export interface VoiceWeek {
  week: string;
  voice: number;
  all: number;
  /** Voice users as a share of the week's new users, %. */
  percent: number;
  /** Days since the previous voice link, capped at 99 (analytics spec §9). */
  dayGap: number | null;
}

/**
 * The /api-users graph: per week, new users and new voice links. A voice link's date is the one
 * `alexaUserCreatedAt` holds under the lower-cased e-mail (else the user's creation); one made
 * before 2015-10-01 counts on that date.
 */
export function voiceWeeks(d: UsersWithApi, from: number, to: number): VoiceWeek[] {
  const voiceAt = d.alexaUsers
    .map((u) => Math.max(EPOCH_S, d.alexaUserCreatedAt[u.email.toLowerCase()] ?? u.created) * 1000)
    .sort((a, b) => a - b);
  const weeks = new Map<number, VoiceWeek>();
  const first = weekStart(from);
  for (let w = first; w <= to; w += WEEK) {
    weeks.set(w, { week: new Date(w).toISOString(), voice: 0, all: 0, percent: 0, dayGap: null });
  }
  let prev: number | null = null;
  for (const t of voiceAt) {
    const w = weeks.get(weekStart(t));
    if (w && t >= from && t <= to) {
      w.voice++;
      if (prev !== null) w.dayGap = Math.min(DAY_GAP_CAP, Math.floor((t - prev) / 86_400_000));
    }
    prev = t;
  }
  // New users come per day (the day's start), so a day counts when it starts in the range.
  for (const u of d.allUsers) {
    const t = u.created * 1000;
    const w = weeks.get(weekStart(t));
    if (w && t >= from && t <= to) w.all += u.users;
  }
  for (const w of weeks.values()) w.percent = w.all ? Math.round((w.voice / w.all) * 1000) / 10 : 0;
  return [...weeks.values()];
}

/** The end of the newest day with new users, ms (the graph's default end). */
export function latestCreated(d: UsersWithApi): number | null {
  const last = d.allUsers.at(-1);
  return last ? last.created * 1000 + 86_400_000 - 1 : null;
}
