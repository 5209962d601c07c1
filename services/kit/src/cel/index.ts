// The console's CEL: compile once (parse, limits, static cost, closures), evaluate per message.
// See README.md for the subset accepted and what is not supported.
import { estimateCost } from './cost.ts';
import { CelSyntaxError } from './lexer.ts';
import { parse } from './parser.ts';
import { type Ctx, type Fn, plan } from './plan.ts';
import { CelError, type Val } from './values.ts';

export { CelError, CelList, CelMap, CelType, CelUint, celEquals, type Val } from './values.ts';

export interface CompileOptions {
  /** The names an expression may use, e.g. ['msg']. */
  variables: readonly string[];
  /** Longest accepted source, in characters (default 2,000). */
  maxLength?: number;
  /** Most AST nodes (default 500). */
  maxNodes?: number;
  /** Deepest nesting (default 32). */
  maxDepth?: number;
  /** Highest static cost estimate accepted (default 20,000; see cost.ts). */
  maxCost?: number;
  /** The size assumed for a list or map whose size is not known before evaluation (default 100). */
  assumedListSize?: number;
  /** Steps allowed in one evaluation: one per comprehension element, matches() by its size (default 100,000). */
  evalBudget?: number;
  /** false: an unknown name or function is an error value at evaluation, not a compile error. */
  checkNames?: boolean;
}

export interface CelPosition {
  /** 1-based */
  line: number;
  /** 1-based, in characters */
  column: number;
  /** 0-based offset in the source */
  offset: number;
}

export interface CompileError {
  message: string;
  position: CelPosition;
}

export interface Program {
  /** The value, or a CelError for a data-dependent failure (missing field, overflow...); never throws. */
  eval(variables: Readonly<Record<string, unknown>>): Val;
  /** The static cost estimate the expression was accepted with. */
  readonly cost: number;
}

export type CompileResult = { ok: true; program: Program } | { ok: false; error: CompileError };

export function positionOf(src: string, offset: number): CelPosition {
  const before = src.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n'), offset };
}

export function compile(source: string, options: CompileOptions): CompileResult {
  const maxLength = options.maxLength ?? 2000;
  const fail = (message: string, offset: number): CompileResult => ({
    ok: false,
    error: { message, position: positionOf(source, Math.min(offset, source.length)) },
  });
  if (source.length > maxLength) return fail(`expression is longer than ${maxLength} characters`, maxLength);
  let fn: Fn;
  let cost: number;
  try {
    const ast = parse(source, { maxDepth: options.maxDepth ?? 32, maxNodes: options.maxNodes ?? 500 });
    const estimate = estimateCost(ast, options.assumedListSize ?? 100);
    const maxCost = options.maxCost ?? 20_000;
    if (estimate.cost > maxCost) {
      return fail(
        `expression is too costly (estimated ${estimate.cost}, limit ${maxCost}); the most costly part starts here`,
        estimate.worstAt,
      );
    }
    cost = estimate.cost;
    fn = plan(ast, { variables: new Set(options.variables), strict: options.checkNames ?? true });
  } catch (e) {
    if (e instanceof CelSyntaxError) return fail(e.message, e.offset);
    throw e;
  }
  const budget = options.evalBudget ?? 100_000;
  return {
    ok: true,
    program: {
      cost,
      eval: (vars) => {
        const ctx: Ctx = { vars, slots: [], budget };
        try {
          return fn(ctx);
        } catch (e) {
          // Not expected (every failure is a value); a caller's getter that throws lands here.
          return new CelError(`evaluation failed: ${(e as Error).message}`);
        }
      },
    },
  };
}
