import { formatTimeOfDay } from '../ui/dates.ts';

/** A live panel's badge while its stream is interrupted: since when what it shows is stale. */
export const staleSinceLabel = (since: number) => `Stale since ${formatTimeOfDay(since)}`;
