import { useState } from 'react';
import { compareRange } from '../graph-kit/transform.ts';

export interface GraphRange {
  from?: string;
  to?: string;
}

const DAY = 86_400_000;

/**
 * The period of a graph screen, in days, ending at the chosen "to" date or else at the end of the
 * range the server answered first (its latest data). Until that first answer the request carries
 * no dates, and the server applies the screen's default.
 */
export function useGraphRange(defaultDays: number) {
  const [anchor, setAnchor] = useState<string | null>(null);
  const [toDate, setToDate] = useState('');
  const valid = (days: number) => Number.isInteger(days) && days >= 1 && days <= 3650;
  const range = (days: number): GraphRange => {
    const end = toDate ? `${toDate}T23:59:59Z` : anchor;
    // Without a chosen end, the default period is the server's own default range.
    if (!end || (!toDate && days === defaultDays)) return {};
    const to = Date.parse(end);
    return { from: new Date(to - days * DAY).toISOString(), to: new Date(to).toISOString() };
  };
  const compared = (
    answered: { from: string; to: string } | undefined,
    compare: number,
  ): GraphRange | null => {
    if (!answered || !compare) return null;
    const c = compareRange(new Date(answered.from), new Date(answered.to), compare);
    return { from: c.from.toISOString(), to: c.to.toISOString() };
  };
  return {
    toDate,
    setToDate,
    range,
    compared,
    validDays: valid,
    /** Remember where the server's default range ended. */
    seen: (to: string | undefined) => {
      if (to && !anchor) setAnchor(to);
    },
  };
}
