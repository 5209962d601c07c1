import { formatDateTime } from '../../../shared/ui/dates.ts';

/**
 * A statistics bucket (UTC days or hours) in the console's one date format (ui/dates.ts): the
 * day, with the hour for hourly data.
 */
export function bucketLabel(iso: string, hourly: boolean): string {
  return formatDateTime(
    new Date(iso),
    { show: hourly ? 'datetime' : 'date', noSeconds: true, utc: true },
    iso,
  );
}

/** "01/05/2025 – 30/05/2025 (UTC)" in the browser's order: the period a chart covers (its `to` is exclusive). */
export function periodCaption(from: string | null, to: string | null, hourly = false): string {
  if (!from || !to) return 'No period: nothing recorded yet';
  const end = new Date(Date.parse(to) - (hourly ? 3_600_000 : 86_400_000)).toISOString();
  return `${bucketLabel(from, hourly)} – ${bucketLabel(end, hourly)} (UTC)`;
}

/** "<day, HH:mm> – <day, HH:mm> (UTC)": an answered range whose ends are instants. */
export function rangeCaption(from: string | null | undefined, to: string | null | undefined): string {
  if (!from || !to) return 'Loading the period…';
  return `${bucketLabel(from, true)} – ${bucketLabel(to, true)} (UTC)`;
}
