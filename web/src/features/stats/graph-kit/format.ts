/** Dates as the specifications show them: dd/MM/yy, with the hour for hourly data. */
const two = (n: number) => String(n).padStart(2, '0');

export function bucketLabel(iso: string, hourly: boolean): string {
  const d = new Date(iso);
  const day = `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${two(d.getUTCFullYear() % 100)}`;
  return hourly ? `${day} ${two(d.getUTCHours())}:00` : day;
}

/** "01/05/25 – 30/05/25": the period a chart covers (its `to` is exclusive). */
export function periodCaption(from: string | null, to: string | null, hourly = false): string {
  if (!from || !to) return 'No period: nothing recorded yet';
  const end = new Date(Date.parse(to) - (hourly ? 3_600_000 : 86_400_000)).toISOString();
  return `${bucketLabel(from, hourly)} – ${bucketLabel(end, hourly)} (UTC)`;
}

/** "dd/MM/yy HH:mm – dd/MM/yy HH:mm (UTC)": an answered range whose ends are instants. */
export function rangeCaption(from: string | null | undefined, to: string | null | undefined): string {
  if (!from || !to) return 'Loading the period…';
  return `${bucketLabel(from, true)} – ${bucketLabel(to, true)} (UTC)`;
}
