import type { Val } from './values.ts';

export type Macro = 'all' | 'exists' | 'exists_one' | 'map' | 'filter';

/** Every node keeps the offset of its first character, so a later check can say where it fails. */
export type Expr =
  | { k: 'lit'; value: Val; at: number }
  | { k: 'ident'; name: string; at: number }
  | { k: 'select'; operand: Expr; field: string; at: number }
  | { k: 'has'; operand: Expr; field: string; at: number }
  | { k: 'index'; operand: Expr; index: Expr; at: number }
  | { k: 'call'; fn: string; target: Expr | undefined; args: Expr[]; at: number }
  | { k: 'list'; items: Expr[]; at: number }
  | { k: 'map'; entries: [Expr, Expr][]; at: number }
  | { k: 'unary'; op: '!' | '-'; operand: Expr; at: number }
  | { k: 'binary'; op: string; left: Expr; right: Expr; at: number }
  | { k: 'and' | 'or'; left: Expr; right: Expr; at: number }
  | { k: 'cond'; test: Expr; then: Expr; else: Expr; at: number }
  | {
      k: 'comp';
      macro: Macro;
      range: Expr;
      iterVar: string;
      /** The predicate (all, exists, exists_one, filter; map's optional filter) */
      pred: Expr | undefined;
      /** map's transform */
      transform: Expr | undefined;
      at: number;
    };

export function children(e: Expr): Expr[] {
  switch (e.k) {
    case 'lit':
    case 'ident':
      return [];
    case 'select':
    case 'has':
    case 'unary':
      return [e.operand];
    case 'index':
      return [e.operand, e.index];
    case 'call':
      return e.target ? [e.target, ...e.args] : e.args;
    case 'list':
      return e.items;
    case 'map':
      return e.entries.flat();
    case 'binary':
    case 'and':
    case 'or':
      return [e.left, e.right];
    case 'cond':
      return [e.test, e.then, e.else];
    case 'comp':
      return [e.range, ...(e.pred ? [e.pred] : []), ...(e.transform ? [e.transform] : [])];
  }
}
