// The AST becomes a tree of closures once, at compile time: names are resolved to a variable or a
// comprehension slot, functions to their implementation and literal patterns to a RegExp, so evaluating a
// message walks no AST and compares no operator strings.
import { children, type Expr, type Macro } from './ast.ts';
import { functions } from './functions.ts';
import { CelSyntaxError } from './lexer.ts';
import { binaryOps, negate, not } from './operators.ts';
import { compileRegex, matches, matchWith } from './regex.ts';
import {
  CelError,
  CelList,
  CelMap,
  CelUint,
  celEquals,
  fromHost,
  isKeyType,
  isList,
  isMap,
  listAt,
  listSize,
  mapGet,
  mapKey,
  mapKeys,
  noOverload,
  types,
  type Val,
} from './values.ts';

export interface Ctx {
  vars: Readonly<Record<string, unknown>>;
  slots: Val[];
  /** Comprehension steps left in this evaluation. */
  budget: number;
}

export type Fn = (c: Ctx) => Val;

export interface PlanOptions {
  variables: ReadonlySet<string>;
  /** Unknown names and functions fail at compile time (true) or as an error value when evaluated (false). */
  strict: boolean;
}

const budgetSpent = new CelError('evaluation cost budget exceeded');
const FOLD_BUDGET = 100_000;

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
          return s instanceof CelError ? s : matchWith(re, s);
        };
      }
      return strict(matches, [subject, p(pattern)]);
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

function selectField(o: Val, field: string, missing: CelError): Val {
  if (o !== null && typeof o === 'object' && o.constructor === Object) {
    return Object.hasOwn(o, field) ? fromHost((o as Record<string, unknown>)[field]) : missing;
  }
  if (isMap(o)) {
    const v = mapGet(o, field);
    return v === mapGet.missing ? missing : v;
  }
  return o instanceof CelError ? o : noOverload(`.${field}`, o);
}

/** `x == 'feature'`, the most common fleet test, without the general equality's type dispatch. */
function equalsLiteral(operand: Fn, k: Val, equal: boolean): Fn {
  if (typeof k === 'string' || typeof k === 'boolean' || k === null) {
    return (c) => {
      const v = operand(c);
      if (v === k) return equal;
      return v instanceof CelError ? v : !equal;
    };
  }
  if (typeof k === 'bigint') {
    return (c) => {
      const v = operand(c);
      if (typeof v === 'bigint') return (v === k) === equal;
      return v instanceof CelError ? v : celEquals(v, k) === equal;
    };
  }
  const op = binaryOps[equal ? '==' : '!='] as (a: Val, b: Val) => Val;
  return (c) => op(operand(c), k);
}

/** A function whose first error argument is its answer. */
function strict(impl: (...args: Val[]) => Val, args: Fn[]): Fn {
  if (args.length === 1) {
    const a = args[0] as Fn;
    return (c) => {
      const x = a(c);
      return x instanceof CelError ? x : impl(x);
    };
  }
  const [a, b] = args as [Fn, Fn];
  return (c) => {
    const x = a(c);
    if (x instanceof CelError) return x;
    const y = b(c);
    return y instanceof CelError ? y : impl(x, y);
  };
}

/** && and ||: either side decides when it can (false for &&, true for ||), so an error on the other is moot. */
function logical(isAnd: boolean, left: Fn, right: Fn): Fn {
  const decisive = !isAnd;
  return (c) => {
    const l = left(c);
    if (l === decisive) return l;
    const r = right(c);
    if (r === decisive) return r;
    if (typeof l !== 'boolean') return l instanceof CelError ? l : noOverload(isAnd ? '_&&_' : '_||_', l);
    if (typeof r !== 'boolean') return r instanceof CelError ? r : noOverload(isAnd ? '_&&_' : '_||_', r);
    return r;
  };
}

function indexInto(o: Val, i: Val): Val {
  if (o instanceof CelError) return o;
  if (i instanceof CelError) return i;
  if (isList(o)) {
    let n: number;
    if (typeof i === 'bigint') n = Number(i);
    else if (typeof i === 'number' && Number.isInteger(i)) n = i;
    else if (i instanceof CelUint) n = Number(i.v);
    else return noOverload('_[_]', o, i);
    return n >= 0 && n < listSize(o) ? listAt(o, n) : new CelError(`index ${n} out of range`);
  }
  if (isMap(o)) {
    const v = mapGet(o, i);
    if (v !== mapGet.missing) return v;
    return isKeyType(i) || typeof i === 'number'
      ? new CelError(`no such key: ${String(i)}`)
      : noOverload('_[_]', o, i);
  }
  return noOverload('_[_]', o, i);
}

function comprehension(
  macro: Macro,
  range: Fn,
  slot: number,
  pred: Fn | undefined,
  transform: Fn | undefined,
): Fn {
  const quantifier = macro === 'exists' || macro === 'all';
  const decisive = macro === 'exists';
  return (c) => {
    const r = range(c);
    let items: readonly unknown[];
    let host = false;
    if (r instanceof CelList) items = r.items;
    else if (Array.isArray(r)) {
      items = r;
      host = true;
    } else if (isMap(r)) items = mapKeys(r);
    else return r instanceof CelError ? r : noOverload(macro, r);
    const n = items.length;
    if (quantifier) {
      // exists: any true decides, all: any false decides; otherwise an error (if any) is the answer.
      let error: CelError | undefined;
      for (let i = 0; i < n; i++) {
        if (--c.budget < 0) return budgetSpent;
        c.slots[slot] = host ? fromHost(items[i]) : (items[i] as Val);
        const t = (pred as Fn)(c);
        if (t === decisive) return t;
        if (typeof t !== 'boolean') error ??= t instanceof CelError ? t : noOverload(macro, t);
      }
      return error ?? !decisive;
    }
    let count = 0;
    const out: Val[] = [];
    for (let i = 0; i < n; i++) {
      if (--c.budget < 0) return budgetSpent;
      const v = host ? fromHost(items[i]) : (items[i] as Val);
      c.slots[slot] = v;
      const t = pred ? pred(c) : true;
      if (t instanceof CelError) return t;
      if (typeof t !== 'boolean') return noOverload(macro, t);
      if (!t) continue;
      if (macro === 'exists_one') count++;
      else if (macro === 'filter') out.push(v);
      else {
        const m = (transform as Fn)(c);
        if (m instanceof CelError) return m;
        out.push(m);
      }
    }
    return macro === 'exists_one' ? count === 1 : new CelList(out);
  };
}
