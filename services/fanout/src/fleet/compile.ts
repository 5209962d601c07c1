import { FLEET_VARIABLE, type FleetPosition } from '@console/contracts';
import { compile, type Program } from '@console/kit/cel';

export interface FleetLimits {
  /** Highest static cost estimate accepted. */
  maxCost: number;
  /** Steps one evaluation may take. */
  evalBudget: number;
}

export type FleetCompiled =
  | { ok: true; program: Program }
  | { ok: false; statusCode: 400; message: string; position: FleetPosition };

/**
 * A fleet-lens expression compiled once for every message it will see: parsed, its names checked
 * (only `msg`), its static cost held to `maxCost`. A refusal says what is wrong and where (line,
 * column), as the 400 of a query.
 */
export function compileFleetExpression(expression: string, limits: FleetLimits): FleetCompiled {
  const r = compile(expression, {
    variables: [FLEET_VARIABLE],
    maxCost: limits.maxCost,
    evalBudget: limits.evalBudget,
  });
  if (r.ok) return { ok: true, program: r.program };
  const { line, column } = r.error.position;
  return {
    ok: false,
    statusCode: 400,
    message: `The expression cannot be used (line ${line}, column ${column}): ${r.error.message}.`,
    position: r.error.position,
  };
}

const decoder = new TextDecoder();

/** Reads a hub message event's JSON; null when it is not a JSON object (it never matches then). */
export function parseEvent(data: Uint8Array): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(decoder.decode(data));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
