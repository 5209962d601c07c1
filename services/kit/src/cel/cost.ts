// A static cost estimate, so an expression that could take long per message is refused before it runs:
// each node costs 1, and a comprehension costs its range plus, for each element, its body. A list or map
// whose size is known from the expression (a literal, or map/filter of one) counts its size; any other
// (the message's data) counts as `assumedListSize`, so nesting comprehensions over data multiplies.
import { children, type Expr } from './ast.ts';

export interface CostEstimate {
  cost: number;
  /** Where the most costly comprehension starts (the root when there is none). */
  worstAt: number;
}

function knownSize(e: Expr): number | undefined {
  if (e.k === 'list') return e.items.length;
  if (e.k === 'map') return e.entries.length;
  if (e.k === 'comp' && (e.macro === 'map' || e.macro === 'filter')) return knownSize(e.range);
  return undefined;
}

export function estimateCost(root: Expr, assumedListSize: number): CostEstimate {
  let worst = { cost: 0, at: root.at };
  const cost = (e: Expr): number => {
    if (e.k !== 'comp') return children(e).reduce((sum, c) => sum + cost(c), 1);
    const size = knownSize(e.range) ?? assumedListSize;
    const body = (e.pred ? cost(e.pred) : 0) + (e.transform ? cost(e.transform) : 0);
    const total = 1 + cost(e.range) + size * (1 + body);
    if (total > worst.cost) worst = { cost: total, at: e.at };
    return total;
  };
  return { cost: cost(root), worstAt: worst.at };
}
