import { FLEET_EXPRESSION_MAX, FLEET_LOOKBACK_MAX_MINUTES } from '@console/contracts';

/** `/supportPlus/fleet?expression&lookback`: the running query, so it can be linked and reloaded. */
export interface FleetSearch {
  expression?: string;
  /** Minutes of kept history read before going live. */
  lookback?: number;
}

export function validateFleetSearch(raw: Record<string, unknown>): FleetSearch {
  const out: FleetSearch = {};
  if (
    typeof raw.expression === 'string' &&
    raw.expression.trim() &&
    raw.expression.length <= FLEET_EXPRESSION_MAX
  )
    out.expression = raw.expression;
  const n = typeof raw.lookback === 'number' ? raw.lookback : Number(raw.lookback);
  if (Number.isInteger(n) && n > 0 && n <= FLEET_LOOKBACK_MAX_MINUTES) out.lookback = n;
  return out;
}
