// The AST becomes a tree of closures once, at compile time: names are resolved to a variable or a
// comprehension slot, functions to their implementation and literal patterns to a matcher, so evaluating a
// message walks no AST and compares no operator strings.
import { children, type Expr } from './ast.ts';
import { functions } from './functions.ts';
import { CelSyntaxError } from './lexer.ts';
import { binaryOps, negate, not } from './operators.ts';
import { compileRegex, matches, matchWith } from './regex.ts';
import {
  type Ctx,
  comprehension,
  equalsLiteral,
  type Fn,
  indexInto,
  logical,
  selectField,
  strict,
} from './runtime.ts';
import {
  CelError,
  CelList,
  CelMap,
  fromHost,
  isKeyType,
  isMap,
  mapGet,
  mapKey,
  noOverload,
  types,
  type Val,
} from './values.ts';

export type { Ctx, Fn } from './runtime.ts';

export interface PlanOptions {
  variables: ReadonlySet<string>;
  /** Unknown names and functions fail at compile time (true) or as an error value when evaluated (false). */
  strict: boolean;
}

const FOLD_BUDGET = 100_000;

/** Takes `steps` from the evaluation's budget; false when there were not enough. */
const charge = (c: Ctx) => (steps: number) => {
  c.budget -= steps;
  return c.budget >= 0;
};

/** Whether `e` reads no declared variable and no comprehension variable bound outside it. */
function isConstant(e: Expr, variables: ReadonlySet<string>, outer: readonly string[]): boolean {
  const bound: string[] = [];
  const visit = (x: Expr): boolean => {
    if (x.k === 'ident') return bound.includes(x.name) || !(variables.has(x.name) || outer.includes(x.name));
    if (x.k !== 'comp') return children(x).every(visit);
    if (!visit(x.range)) return false;
    bound.push(x.iterVar);
    const ok = (!x.pred || visit(x.pred)) && (!x.transform || visit(x.transform));
    bound.pop();
    return ok;
  };
  return visit(e);
}

export function plan(root: Expr, options: PlanOptions): Fn {
  const scope: string[] = [];

  const unbound = (message: string, at: number): Fn => {
    if (options.strict) throw new CelSyntaxError(message, at);
    const err = new CelError(message);
    return () => err;
  };

  // A part that reads no variable (a literal list, `size('abc')`, `[1, 2].map(x, x * 2)`) has one value:
  // it is evaluated here, once, instead of per message. Values are never mutated, so sharing one is safe.
  const p = (e: Expr): Fn => {
    const fn = build(e);
    if (e.k === 'lit' || !isConstant(e, options.variables, scope)) return fn;
    const value = fn({ vars: {}, slots: [], budget: FOLD_BUDGET });
    return () => value;
  };

  const build = (e: Expr): Fn => {
    switch (e.k) {
      case 'lit': {
        const v = e.value;
        return () => v;
      }
      case 'ident': {
        const slot = scope.lastIndexOf(e.name);
        if (slot >= 0) return (c) => c.slots[slot] as Val;
        if (options.variables.has(e.name)) {
          const name = e.name;
          const unset = new CelError(`no value for '${name}'`);
          return (c) => {
            const v = c.vars[name];
            return v !== undefined || Object.hasOwn(c.vars, name) ? fromHost(v) : unset;
          };
        }
        const t = types[e.name];
        if (t) return () => t;
        return unbound(`undeclared reference to '${e.name}'`, e.at);
      }
      case 'select':
      case 'has': {
        const operand = p(e.operand);
        const field = e.field;
        const missing = new CelError(`no such key: ${field}`);
        if (e.k === 'has') {
          return (c) => {
            const o = operand(c);
            if (isMap(o)) return mapGet(o, field) !== mapGet.missing;
            return o instanceof CelError ? o : noOverload('has', o);
          };
        }
        const operandExpr = e.operand;
        if (
          operandExpr.k === 'ident' &&
          scope.lastIndexOf(operandExpr.name) < 0 &&
          options.variables.has(operandExpr.name)
        ) {
          // `msg.class`: the variable's field read in one step (the variable is the caller's object).
          const name = operandExpr.name;
          return (c) => {
            const o = c.vars[name];
            if (o !== null && typeof o === 'object' && (o as object).constructor === Object) {
              return Object.hasOwn(o, field) ? fromHost((o as Record<string, unknown>)[field]) : missing;
            }
            return selectField(operand(c), field, missing);
          };
        }
        return (c) => selectField(operand(c), field, missing);
      }
      case 'index': {
        const operand = p(e.operand);
        const index = p(e.index);
        return (c) => indexInto(operand(c), index(c));
      }
      case 'list': {
        const items = e.items.map(p);
        return (c) => {
          const out: Val[] = new Array(items.length);
          for (let i = 0; i < items.length; i++) {
            const v = (items[i] as Fn)(c);
            if (v instanceof CelError) return v;
            out[i] = v;
          }
          return new CelList(out);
        };
      }
      case 'map': {
        const entries = e.entries.map(([k, v]) => [p(k), p(v)] as const);
        return (c) => {
          const m = new CelMap();
          for (const [kf, vf] of entries) {
            const k = kf(c);
            if (k instanceof CelError) return k;
            if (!isKeyType(k)) return new CelError(`unsupported map key type: ${String(k)}`);
            const v = vf(c);
            if (v instanceof CelError) return v;
            const nk = mapKey(k) as string;
            if (m.entries.has(nk)) return new CelError(`repeated key in map literal: ${String(k)}`);
            m.entries.set(nk, [k, v]);
          }
          return m;
        };
      }
      case 'unary': {
        const operand = p(e.operand);
        const f = e.op === '!' ? not : negate;
        return (c) => f(operand(c));
      }
      case 'binary': {
        const literal = e.right.k === 'lit' ? e.right : e.left.k === 'lit' ? e.left : undefined;
        if ((e.op === '==' || e.op === '!=') && literal) {
          return equalsLiteral(p(literal === e.right ? e.left : e.right), literal.value, e.op === '==');
        }
        const op = binaryOps[e.op] as (a: Val, b: Val) => Val;
        const left = p(e.left);
        const right = p(e.right);
        if (e.op === 'in' && isConstant(e.right, options.variables, scope)) {
          const list = right({ vars: {}, slots: [], budget: 0 });
          if (list instanceof CelList && list.items.every((x) => typeof x === 'string')) {
            // `msg.clientType in ['app', 'web']`: a set lookup for a constant list of strings.
            const set = new Set(list.items);
            return (c) => {
              const v = left(c);
              return typeof v === 'string' ? set.has(v) : op(v, list);
            };
          }
        }
        return (c) => op(left(c), right(c));
      }
      case 'and':
      case 'or':
        return logical(e.k === 'and', p(e.left), p(e.right));
      case 'cond': {
        const test = p(e.test);
        const then = p(e.then);
        const otherwise = p(e.else);
        return (c) => {
          const t = test(c);
          if (t === true) return then(c);
          if (t === false) return otherwise(c);
          return t instanceof CelError ? t : noOverload('_?_:_', t);
        };
      }
      case 'call':
        return call(e);
      case 'comp': {
        const range = p(e.range);
        scope.push(e.iterVar);
        const slot = scope.length - 1;
        const pred = e.pred ? p(e.pred) : undefined;
        const transform = e.transform ? p(e.transform) : undefined;
        scope.pop();
        return comprehension(e.macro, range, slot, pred, transform);
      }
    }
  };

  const call = (e: Extract<Expr, { k: 'call' }>): Fn => {
    const f = functions[e.fn];
    const argc = e.args.length + (e.target ? 1 : 0);
    if (e.fn === 'matches' && argc === 2) {
      const subject = p((e.target ?? e.args[0]) as Expr);
      const pattern = e.args[e.args.length - 1] as Expr;
      if (pattern.k === 'lit' && typeof pattern.value === 'string') {
        const re = compileRegex(pattern.value);
        if (typeof re === 'string') throw new CelSyntaxError(`matches(): ${re}`, pattern.at);
        return (c) => {
          const s = subject(c);
          return s instanceof CelError ? s : matchWith(re, s, charge(c));
        };
      }
      const patternFn = p(pattern);
      return (c) => {
        const s = subject(c);
        if (s instanceof CelError) return s;
        const re = patternFn(c);
        return re instanceof CelError ? re : matches(s, re, charge(c));
      };
    }
    const impl = f && (e.target ? f.method : f.global);
    if (!impl || argc < f.arity || argc > (f.maxArity ?? f.arity)) {
      const shape = e.target ? `method '${e.fn}'` : `function '${e.fn}'`;
      if (impl) return unbound(`${shape} takes ${f.arity - (e.target ? 1 : 0)} argument(s)`, e.at);
      const near = Object.keys(functions).find((name) => name.toLowerCase() === e.fn.toLowerCase());
      return unbound(`unknown ${shape}${near ? ` (did you mean '${near}'?)` : ''}`, e.at);
    }
    return strict(impl, [...(e.target ? [p(e.target)] : []), ...e.args.map(p)]);
  };

  return p(root);
}
