import { type Gen1CommandRow, parseWflCommand, wflRuleMessage } from '@console/contracts';

/** When an auto-refresh started now for `seconds` stops (spec §4: invoked with 180). */
export function stopTime(now: number, seconds: number): number {
  return now + seconds * 1000;
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
