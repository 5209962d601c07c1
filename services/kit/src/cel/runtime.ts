// The building blocks the planner's closures are made of: field and index reads, the specialised
// equality, strict calls, && and ||, and the comprehension loop with its step budget.
import type { Macro } from './ast.ts';
import { binaryOps } from './operators.ts';
import {
  CelError,
  CelList,
  CelUint,
  celEquals,
  fromHost,
  isKeyType,
  isList,
  isMap,
  listAt,
  listSize,
  mapGet,
  mapKeys,
  noOverload,
  type Val,
} from './values.ts';

export interface Ctx {
  vars: Readonly<Record<string, unknown>>;
  slots: Val[];
  /** Steps left in this evaluation (comprehension elements, matches() by size). */
  budget: number;
}

export type Fn = (c: Ctx) => Val;

const budgetSpent = new CelError('evaluation cost budget exceeded');

export function selectField(o: Val, field: string, missing: CelError): Val {
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
export function equalsLiteral(operand: Fn, k: Val, equal: boolean): Fn {
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
export function strict(impl: (...args: Val[]) => Val, args: Fn[]): Fn {
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
export function logical(isAnd: boolean, left: Fn, right: Fn): Fn {
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

export function indexInto(o: Val, i: Val): Val {
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

export function comprehension(
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
