import type { LiveEvent } from '@console/contracts';

/** One difference between two JSON values, at a dotted path (`items.0.payload.value`). */
export interface Change {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

/** At most this many changes are listed (a message replaced wholesale is one change per key). */
export const MAX_CHANGES = 200;
const MAX_DEPTH = 20;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether `path` is ignored: itself or any key above it is in `ignored`. */
export function isIgnored(path: string, ignored: ReadonlySet<string>): boolean {
  if (ignored.size === 0) return false;
  const parts = path.split('.');
  for (let i = 1; i <= parts.length; i++) if (ignored.has(parts.slice(0, i).join('.'))) return true;
  return false;
}

/**
 * The structural differences from `before` to `after`: keys added, removed, or with another
 * value, found by walking objects key by key and arrays index by index; ignored paths (and what is
 * under them) are left out. Leaves compare by value (JSON), not by identity.
 */
export function structuralDiff(
  before: unknown,
  after: unknown,
  ignored: ReadonlySet<string> = new Set(),
): Change[] {
  const out: Change[] = [];
  const walk = (a: unknown, b: unknown, path: string, depth: number) => {
    if (out.length >= MAX_CHANGES) return;
    if (path && isIgnored(path, ignored)) return;
    const bothObjects = isObject(a) && isObject(b);
    const bothArrays = Array.isArray(a) && Array.isArray(b);
    if ((bothObjects || bothArrays) && depth < MAX_DEPTH) {
      const ka = Object.keys(a as object);
      const kb = Object.keys(b as object);
      const keys = [...ka, ...kb.filter((k) => !ka.includes(k))];
      for (const k of keys) {
        const p = path ? `${path}.${k}` : k;
        const inA = Object.hasOwn(a as object, k);
        const inB = Object.hasOwn(b as object, k);
        if (inA && !inB) {
          if (!isIgnored(p, ignored))
            out.push({ path: p, kind: 'removed', before: (a as Record<string, unknown>)[k] });
        } else if (!inA && inB) {
          if (!isIgnored(p, ignored))
            out.push({ path: p, kind: 'added', after: (b as Record<string, unknown>)[k] });
        } else walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], p, depth + 1);
        if (out.length >= MAX_CHANGES) return;
      }
      return;
    }
    if (JSON.stringify(a) !== JSON.stringify(b))
      out.push({ path: path || '(whole message)', kind: 'changed', before: a, after: b });
  };
  walk(before, after, '', 0);
  return out;
}

/** The kind an entry is compared within: its class.operation (and direction), or null (presence, malformed). */
export function kindOf(e: LiveEvent): string | null {
  if (!e.meta || e.malformed !== undefined) return null;
  return `${e.meta.class}.${e.meta.operation}`;
}

const sameKind = (a: LiveEvent, b: LiveEvent) =>
  kindOf(a) !== null && kindOf(a) === kindOf(b) && a.meta?.direction === b.meta?.direction;

/** The entry before `rows[index]` (rows newest first) of the same class.operation and direction. */
export function previousOfKind(rows: readonly LiveEvent[], index: number): LiveEvent | null {
  const e = rows[index];
  if (!e) return null;
  for (let i = index + 1; i < rows.length; i++)
    if (sameKind(rows[i] as LiveEvent, e)) return rows[i] as LiveEvent;
  return null;
}
