import { ApiError } from '@console/contracts';
import { ObjectId } from 'mongodb';
import { regexProblem } from './regex.ts';
import { type DatabaseRule, fieldAllowed } from './rules.ts';

/**
 * The generic query's filter, checked and rebuilt. Allowed: field conditions with $eq $ne $in $nin
 * $gt $gte $lt $lte $exists $regex (+ $options i/m) $not $size, combined with $and / $or, and the
 * Extended JSON literals {$date} and {$oid}. Anything else that starts with '$' — $where, $expr,
 * $function, $accumulator, $elemMatch, $text, $nor… — is refused with a 400 naming it, at any depth,
 * as are prototype keys and fields outside the database's list.
 */
const COMPARE = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte']);
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 6;
const MAX_NODES = 300;
const MAX_LIST = 200;
const MAX_STRING = 1000;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function bad(message: string): never {
  throw new ApiError(400, message, { filter: message });
}

function isPlain(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

class Walk {
  nodes = 0;
  readonly rule: DatabaseRule;
  readonly database: string;

  constructor(rule: DatabaseRule, database: string) {
    this.rule = rule;
    this.database = database;
  }

  tick(depth: number) {
    if (++this.nodes > MAX_NODES) bad('The filter is too large.');
    if (depth > MAX_DEPTH) bad('The filter is nested too deeply.');
  }

  key(k: string) {
    if (FORBIDDEN_KEYS.has(k)) bad(`"${k}" is not allowed in a query.`);
  }

  field(path: string) {
    this.key(path);
    for (const s of path.split('.')) this.key(s);
    if (!fieldAllowed(this.rule, path)) bad(`Field "${path}" cannot be queried in ${this.database}.`);
  }
}

/** A literal value: scalars, arrays, plain sub-documents without operators, {$date}, {$oid}. */
function literal(v: unknown, w: Walk, depth: number): unknown {
  w.tick(depth);
  if (v === null || typeof v === 'boolean') return v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) bad('Numbers in a filter must be finite.');
    return v;
  }
  if (typeof v === 'string') {
    if (v.length > MAX_STRING) bad(`Strings in a filter are limited to ${MAX_STRING} characters.`);
    return v;
  }
  if (Array.isArray(v)) {
    if (v.length > MAX_LIST) bad(`Lists in a filter are limited to ${MAX_LIST} values.`);
    return v.map((x) => literal(x, w, depth + 1));
  }
  if (!isPlain(v)) bad('Unsupported value in the filter.');
  const keys = Object.keys(v);
  if (keys.length === 1 && keys[0] === '$date') {
    const d = new Date(v.$date as string);
    if (typeof v.$date !== 'string' || Number.isNaN(d.getTime())) bad('{"$date": …} takes an ISO 8601 date.');
    return d;
  }
  if (keys.length === 1 && keys[0] === '$oid') {
    if (typeof v.$oid !== 'string' || !ObjectId.isValid(v.$oid) || v.$oid.length !== 24)
      bad('{"$oid": …} takes 24 hex digits.');
    return new ObjectId(v.$oid as string);
  }
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    w.key(k);
    if (k.startsWith('$')) bad(`Operator ${k} is not allowed.`);
    out[k] = literal(v[k], w, depth + 1);
  }
  return out;
}

/** The value a field is compared with: a literal, or an object of operators. */
function condition(v: unknown, w: Walk, depth: number): unknown {
  w.tick(depth);
  if (!isPlain(v)) return literal(v, w, depth);
  const keys = Object.keys(v);
  const ops = keys.filter((k) => k.startsWith('$'));
  if (ops.length === 0 || (keys.length === 1 && (keys[0] === '$date' || keys[0] === '$oid')))
    return literal(v, w, depth);
  if (ops.length !== keys.length) bad(`Operator ${ops[0]} cannot be mixed with fields.`);
  const out: Record<string, unknown> = {};
  for (const op of keys) {
    const arg = v[op];
    if (COMPARE.has(op)) out[op] = literal(arg, w, depth + 1);
    else if (op === '$in' || op === '$nin') {
      if (!Array.isArray(arg)) bad(`${op} takes a list.`);
      out[op] = literal(arg, w, depth + 1);
    } else if (op === '$exists') {
      if (typeof arg !== 'boolean') bad('$exists takes true or false.');
      out[op] = arg;
    } else if (op === '$size') {
      if (!Number.isInteger(arg) || (arg as number) < 0 || (arg as number) > 10_000)
        bad('$size takes a whole number.');
      out[op] = arg;
    } else if (op === '$regex') {
      const problem = typeof arg === 'string' ? regexProblem(arg, v.$options) : '$regex takes a string.';
      if (problem) bad(problem);
      out[op] = arg;
    } else if (op === '$options') {
      if (!('$regex' in v)) bad('$options goes with $regex.');
      out[op] = v.$options;
    } else if (op === '$not') {
      if (!isPlain(arg) || Object.keys(arg).some((k) => !k.startsWith('$')))
        bad('$not takes an operator object.');
      out[op] = condition(arg, w, depth + 1);
    } else bad(`Operator ${op} is not allowed.`);
  }
  return out;
}

function filterDoc(f: unknown, w: Walk, depth: number): Record<string, unknown> {
  w.tick(depth);
  if (!isPlain(f)) bad('A filter is an object.');
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    w.key(k);
    if (k === '$and' || k === '$or') {
      if (!Array.isArray(v) || v.length === 0 || v.length > 50) bad(`${k} takes a list of 1 to 50 filters.`);
      out[k] = v.map((x) => filterDoc(x, w, depth + 1));
    } else if (k.startsWith('$')) bad(`Operator ${k} is not allowed.`);
    else {
      w.field(k);
      out[k] = condition(v, w, depth + 1);
    }
  }
  return out;
}

export function guardFilter(filter: unknown, rule: DatabaseRule, database: string): Record<string, unknown> {
  if (filter === undefined || filter === null) return {};
  return filterDoc(filter, new Walk(rule, database), 0);
}

export function guardSort(sort: Record<string, unknown> | undefined, rule: DatabaseRule, database: string) {
  const out: Record<string, 1 | -1> = {};
  const entries = Object.entries(sort ?? {});
  if (entries.length > 5) bad('Sort by at most 5 fields.');
  const w = new Walk(rule, database);
  for (const [k, v] of entries) {
    w.field(k);
    if (v !== 1 && v !== -1) bad('Sort directions are 1 or -1.');
    out[k] = v;
  }
  return out;
}

export function guardProjection(
  project: Record<string, unknown> | undefined,
  rule: DatabaseRule,
  database: string,
) {
  const entries = Object.entries(project ?? {});
  if (entries.length > 50) bad('Project at most 50 fields.');
  const w = new Walk(rule, database);
  const out: Record<string, 0 | 1> = {};
  for (const [k, v] of entries) {
    w.field(k);
    out[k] = v === 1 || v === true ? 1 : 0;
  }
  const kinds = new Set(
    Object.entries(out)
      .filter(([k]) => k !== '_id')
      .map(([, v]) => v),
  );
  if (kinds.size > 1) bad('A projection either includes or excludes fields, not both.');
  return out;
}

export type { Json };
