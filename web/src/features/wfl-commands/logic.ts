import { type Gen1CommandRow, parseWflCommand, WFL_ONLINE_SECONDS, wflRuleMessage } from '@console/contracts';

/** When an auto-refresh started now for `seconds` stops (spec §4: invoked with 180). */
export function stopTime(now: number, seconds: number): number {
  return now + seconds * 1000;
}

/** The stop time as the toggle shows it (24-hour clock, seconds). */
export function formatStop(at: number): string {
  return new Date(at).toLocaleTimeString('en-GB', { hour12: false });
}

/**
 * The Commands table: the newest rows a refresh brought and the pages loaded so far, each id once,
 * newest first (a refreshed row replaces its older copy: its reply may have arrived since).
 */
export function mergeCommands(
  refreshed: readonly Gen1CommandRow[],
  pages: readonly Gen1CommandRow[][],
): Gen1CommandRow[] {
  const byId = new Map<number, Gen1CommandRow>();
  for (const page of pages) for (const row of page) byId.set(row.id, row);
  for (const row of refreshed) byId.set(row.id, row);
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

/** The oldest id loaded, for the next "Load more". */
export function oldestId(rows: readonly Gen1CommandRow[]): number | null {
  return rows.length ? Math.min(...rows.map((r) => r.id)) : null;
}

/** What the Poke form says before sending; null when the command passes the reference table's rules. */
export function pokeError(command: string): string | null {
  if (!command.trim()) return 'Enter a command string.';
  const parsed = parseWflCommand(command);
  return parsed.ok ? null : wflRuleMessage(parsed.reason);
}

/** Online when the last ping is under 60 s old (spec §4). */
export function isOnline(lastPing: string | null, now: number): boolean {
  return lastPing !== null && now - Date.parse(lastPing) < WFL_ONLINE_SECONDS * 1000;
}

/** A date cell: local date and time, or an empty cell. */
export function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString('en-GB', { hour12: false }) : '';
}
