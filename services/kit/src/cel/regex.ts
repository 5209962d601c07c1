// matches(): CEL's patterns are RE2, whose matching time is linear in the subject. JavaScript's RegExp
// backtracks (`(a+)+$` on a long run of a's never ends), so the patterns are compiled here to a small
// instruction list and run as a Thompson/Pike simulation: every thread advances one code point at a time,
// so a match costs at most (subject length x program size), whatever the pattern.
//
// Syntax: literals, `.`, classes `[a-z]` `[^...]` (with \d \w \s inside), \d \w \s \D \W \S, \pL / \p{Greek}
// (through JavaScript's Unicode property tables), anchors ^ $ \A \z, \b \B, groups ( ) (?: ) (?P<n> ) (?<n> ),
// alternation, * + ? {n} {n,} {n,m} (lazy forms accepted: for a yes/no match they mean the same), and
// leading flags (?i) (?s) (?m). Not RE2 and refused: back-references, look-around.
import { type Flags, isWordCp, type Node, RegexError, RegexParser } from './regex-syntax.ts';
import { CelError, noOverload, type Val } from './values.ts';

export const MAX_MATCH_SUBJECT = 65_536;
const MAX_PROGRAM = 2_000;

// The program: instruction i is one of these; `x`/`y` are instruction indexes.
type Inst =
  | { op: 'char'; test: (cp: number) => boolean; x: number }
  | { op: 'split'; x: number; y: number }
  | { op: 'jmp'; x: number }
  | { op: 'assert'; kind: Extract<Node, { t: 'assert' }>['kind']; x: number }
  | { op: 'match' };

function emit(root: Node): Inst[] {
  const prog: Inst[] = [];
  const push = (inst: Inst): number => {
    if (prog.length >= MAX_PROGRAM) throw new RegexError('pattern is too large');
    prog.push(inst);
    return prog.length - 1;
  };
  const gen = (n: Node): void => {
    switch (n.t) {
      case 'char':
        push({ op: 'char', test: n.test, x: prog.length + 1 });
        return;
      case 'assert':
        push({ op: 'assert', kind: n.kind, x: prog.length + 1 });
        return;
      case 'cat':
        for (const item of n.items) gen(item);
        return;
      case 'alt': {
        const jumps: number[] = [];
        const last = n.items.length - 1;
        for (let k = 0; k < last; k++) {
          const split = push({ op: 'split', x: prog.length + 1, y: 0 });
          gen(n.items[k] as Node);
          jumps.push(push({ op: 'jmp', x: 0 }));
          (prog[split] as { y: number }).y = prog.length;
        }
        gen(n.items[last] as Node);
        for (const j of jumps) (prog[j] as { x: number }).x = prog.length;
        return;
      }
      case 'repeat': {
        for (let k = 0; k < n.min; k++) gen(n.item);
        if (n.max < 0) {
          const split = push({ op: 'split', x: prog.length + 1, y: 0 });
          gen(n.item);
          push({ op: 'jmp', x: split });
          (prog[split] as { y: number }).y = prog.length;
          return;
        }
        const splits: number[] = [];
        for (let k = n.min; k < n.max; k++) {
          splits.push(push({ op: 'split', x: prog.length + 1, y: 0 }));
          gen(n.item);
        }
        for (const s of splits) (prog[s] as { y: number }).y = prog.length;
      }
    }
  };
  gen(root);
  push({ op: 'match' });
  return prog;
}

export interface Matcher {
  test(subject: string): boolean;
  /** Instructions: a match costs at most this many steps per character of the subject. */
  readonly size: number;
}

function matcher(prog: Inst[]): Matcher {
  return {
    size: prog.length,
    test(subject) {
      const cps = Array.from(subject, (c) => c.codePointAt(0) as number);
      const seen = new Int32Array(prog.length).fill(-1);
      let current: number[] = [];
      let next: number[] = [];
      // Follows jumps, splits and assertions from `pc` at position `at`; true when it reaches the match.
      const add = (list: number[], pc: number, at: number): boolean => {
        if (seen[pc] === at) return false;
        seen[pc] = at;
        const inst = prog[pc] as Inst;
        switch (inst.op) {
          case 'match':
            return true;
          case 'jmp':
            return add(list, inst.x, at);
          case 'split':
            return add(list, inst.x, at) || add(list, inst.y, at);
          case 'assert':
            return holds(inst.kind, cps, at) && add(list, inst.x, at);
          case 'char':
            list.push(pc);
            return false;
        }
      };
      for (let at = 0; ; at++) {
        // Unanchored: a new thread starts at every position.
        if (add(current, 0, at)) return true;
        if (at >= cps.length || current.length === 0) {
          if (at >= cps.length) return false;
          continue;
        }
        const cp = cps[at] as number;
        for (const pc of current) {
          const inst = prog[pc] as Extract<Inst, { op: 'char' }>;
          if (inst.test(cp) && add(next, inst.x, at + 1)) return true;
        }
        [current, next] = [next, current];
        next.length = 0;
      }
    },
  };
}

function holds(kind: Extract<Inst, { op: 'assert' }>['kind'], cps: number[], at: number): boolean {
  switch (kind) {
    case 'begin':
      return at === 0;
    case 'end':
      return at === cps.length;
    case 'bol':
      return at === 0 || cps[at - 1] === 10;
    case 'eol':
      return at === cps.length || cps[at] === 10;
    default: {
      const before = at > 0 && isWordCp(cps[at - 1] as number);
      const after = at < cps.length && isWordCp(cps[at] as number);
      return (before !== after) === (kind === 'word');
    }
  }
}

/** A matcher for an RE2 pattern, or the reason it is refused. */
export function compileRegex(pattern: string): Matcher | string {
  const flags: Flags = { i: false, s: false, m: false };
  let src = pattern;
  const leading = /^\(\?([ism]+)\)/.exec(src);
  if (leading) {
    for (const f of leading[1] as string) flags[f as keyof Flags] = true;
    src = src.slice(leading[0].length);
  }
  try {
    return matcher(emit(new RegexParser(src, flags).parse()));
  } catch (e) {
    if (e instanceof RegexError) return e.message;
    throw e;
  }
}

const cache = new Map<string, Matcher | string>();

export function regexFor(pattern: string): Matcher | string {
  let re = cache.get(pattern);
  if (re === undefined) {
    re = compileRegex(pattern);
    if (cache.size >= 256) cache.clear();
    cache.set(pattern, re);
  }
  return re;
}

/** Steps of the evaluation budget a match is charged: one per ten instruction-characters, at least one. */
export const MATCH_STEP = 10;

/** The match, charged to the evaluation's step budget (`charge` answers false when it is spent). */
export function matchWith(re: Matcher, s: Val, charge: (steps: number) => boolean): Val {
  if (typeof s !== 'string') return noOverload('matches', s);
  if (s.length > MAX_MATCH_SUBJECT) {
    return new CelError(`matches() subject longer than ${MAX_MATCH_SUBJECT} characters`);
  }
  if (!charge(Math.ceil(((s.length + 1) * re.size) / MATCH_STEP))) {
    return new CelError('evaluation cost budget exceeded');
  }
  return re.test(s);
}

export function matches(s: Val, pattern: Val, charge: (steps: number) => boolean): Val {
  if (typeof pattern !== 'string') return noOverload('matches', s, pattern);
  const re = regexFor(pattern);
  return typeof re === 'string' ? new CelError(re) : matchWith(re, s, charge);
}
