/**
 * Field rules the schemas cannot say alone (one field against another). The screens run them
 * before sending (a bad input shows the field's message and sends nothing); the service runs
 * them again and answers 400 with the same messages.
 */
export const STATS_TEXT = {
  limitMin: 'Limit must be a whole number of at least 1.',
  limitMax: 'Limit must be at most 1000.',
  pieRange: 'Pie size must be a whole number from 1 to the limit',
  fromAfterTo: 'The from date must not be after the to date.',
  badDate: 'Enter a valid date.',
  periodDays: 'Period must be a whole number of days from 1 to 3650.',
  rangeTooLong: 'The date range must not span more than 3650 days.',
} as const;

/**
 * The most buckets a graph answers with (ten years of days). A graph answers one row per bucket
 * whether or not it holds data, so an unbounded range (the operation fuzz sent 2026 to 2618) made
 * the stats service build and send millions of rows and stop answering.
 */
export const STATS_MAX_BUCKETS = 3650;

/**
 * The most series one statistics answer carries: the largest by total, the rest summed as one
 * `Others` series (so totals still equal the stores). With STATS_MAX_BUCKETS values each, this keeps
 * the worst-case answer under the broker's 1 MB payload (a world with thousands of groups made the
 * Groups tab's 1000-day answer 1.9 MB).
 */
export const STATS_MAX_SERIES = 12;
/** The name and every tag of the series that sums what STATS_MAX_SERIES leaves out. */
export const STATS_OTHERS = 'Others';

export type FieldErrors = Record<string, string>;

const whole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/** limit ≥ 1 (and ≤ the cap); 1 ≤ pie size ≤ limit. */
export function checkLimitAndPie(limit: unknown, pieSize?: unknown, maxLimit = 1000): FieldErrors {
  const errors: FieldErrors = {};
  if (!whole(limit) || limit < 1) errors.limit = STATS_TEXT.limitMin;
  else if (limit > maxLimit) errors.limit = STATS_TEXT.limitMax;
  if (pieSize !== undefined) {
    const max = whole(limit) && limit >= 1 ? limit : 1;
    if (!whole(pieSize) || pieSize < 1 || pieSize > max) errors.pieSize = `${STATS_TEXT.pieRange} (${max}).`;
  }
  return errors;
}

/** Dates as ISO strings (or empty for "the default"); from must not be after to. */
export function checkRange(from: string | undefined, to: string | undefined): FieldErrors {
  const errors: FieldErrors = {};
  const f = from ? Date.parse(from) : Number.NaN;
  const t = to ? Date.parse(to) : Number.NaN;
  if (from && Number.isNaN(f)) errors.from = STATS_TEXT.badDate;
  if (to && Number.isNaN(t)) errors.to = STATS_TEXT.badDate;
  if (!errors.from && !errors.to && from && to && f > t) errors.from = STATS_TEXT.fromAfterTo;
  return errors;
}

export function firstError(errors: FieldErrors): string | null {
  const first = Object.values(errors)[0];
  return first ?? null;
}
