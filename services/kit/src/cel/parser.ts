// Recursive descent with one function per precedence level (CEL's grammar is small enough that precedence
// climbing by level is the clearest form). Macros (has, all, exists, exists_one, map, filter) become their
// own nodes here, as CEL expands them at parse time.
import type { Expr, Macro } from './ast.ts';
import { CelSyntaxError, describe, numberLiteral, type Token, tokenize } from './lexer.ts';

export interface ParseLimits {
  /** Deepest nesting of parentheses, lists, maps, calls and operators. */
  maxDepth: number;
  maxNodes: number;
}

const MACROS: Record<string, Macro> = {
  all: 'all',
  exists: 'exists',
  exists_one: 'exists_one',
  map: 'map',
  filter: 'filter',
};
const RELATIONS = new Set(['==', '!=', '<', '<=', '>', '>=', 'in']);

export function parse(src: string, limits: ParseLimits): Expr {
  return new Parser(tokenize(src), limits).parseAll();
}

class Parser {
  private pos = 0;
  private depth = 0;
  private nodes = 0;
  private readonly toks: Token[];
  private readonly limits: ParseLimits;

  constructor(toks: Token[], limits: ParseLimits) {
    this.toks = toks;
    this.limits = limits;
  }

  parseAll(): Expr {
    const e = this.expr();
    const t = this.peek();
    if (t.kind !== 'eof') throw new CelSyntaxError(`unexpected ${describe(t)}`, t.offset);
    return e;
  }

  private peek(): Token {
    return this.toks[this.pos] as Token;
  }

  private next(): Token {
    return this.toks[this.pos++] as Token;
  }

  private isPunct(text: string): boolean {
    const t = this.peek();
    return t.kind === 'punct' && t.text === text;
  }

  private accept(text: string): boolean {
    if (!this.isPunct(text)) return false;
    this.pos++;
    return true;
  }

  private expect(text: string): Token {
    const t = this.peek();
    if (t.kind !== 'punct' || t.text !== text)
      throw new CelSyntaxError(`expected '${text}', found ${describe(t)}`, t.offset);
    return this.next();
  }

  private node<E extends Expr>(e: E): E {
    if (++this.nodes > this.limits.maxNodes) {
      throw new CelSyntaxError(`expression is too large (more than ${this.limits.maxNodes} nodes)`, e.at);
    }
    return e;
  }

  private nested<T>(at: number, f: () => T): T {
    if (++this.depth > this.limits.maxDepth) {
      throw new CelSyntaxError(
        `expression is nested too deeply (more than ${this.limits.maxDepth} levels)`,
        at,
      );
    }
    try {
      return f();
    } finally {
      this.depth--;
    }
  }

  private expr(): Expr {
    return this.nested(this.peek().offset, () => {
      const test = this.or();
      if (!this.isPunct('?')) return test;
      const at = this.next().offset;
      const then = this.or();
      this.expect(':');
      const otherwise = this.expr();
      return this.node({ k: 'cond', test, then, else: otherwise, at });
    });
  }

  private or(): Expr {
    return this.logical('or', '||', () => this.logical('and', '&&', () => this.relation()));
  }

  private logical(k: 'and' | 'or', op: string, operand: () => Expr): Expr {
    let left = operand();
    while (this.isPunct(op)) {
      const at = this.next().offset;
      left = this.node({ k, left, right: operand(), at });
    }
    return left;
  }

  private relation(): Expr {
    let left = this.binary(['+', '-'], () => this.binary(['*', '/', '%'], () => this.unary()));
    for (;;) {
      const t = this.peek();
      const op = t.kind === 'punct' || (t.kind === 'ident' && t.text === 'in') ? t.text : '';
      if (!RELATIONS.has(op)) return left;
      this.pos++;
      const right = this.binary(['+', '-'], () => this.binary(['*', '/', '%'], () => this.unary()));
      left = this.node({ k: 'binary', op, left, right, at: t.offset });
    }
  }

  private binary(ops: string[], operand: () => Expr): Expr {
    let left = operand();
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'punct' || !ops.includes(t.text)) return left;
      this.pos++;
      left = this.node({ k: 'binary', op: t.text, left, right: operand(), at: t.offset });
    }
  }

  private unary(): Expr {
    const t = this.peek();
    if (t.kind !== 'punct' || (t.text !== '!' && t.text !== '-')) return this.member();
    this.pos++;
    return this.nested(t.offset, () => {
      const n = this.peek();
      // -9223372036854775808 is a literal: its magnitude alone would not fit an int.
      if (t.text === '-' && (n.kind === 'int' || n.kind === 'double') && !this.isMemberAfter(1)) {
        this.pos++;
        return this.node({ k: 'lit', value: numberLiteral(n, true), at: t.offset });
      }
      return this.node({ k: 'unary', op: t.text as '!' | '-', operand: this.unary(), at: t.offset });
    });
  }

  /** Whether the token `ahead` positions on continues a member expression (so a literal is an operand). */
  private isMemberAfter(ahead: number): boolean {
    const t = this.toks[this.pos + ahead];
    return t?.kind === 'punct' && (t.text === '.' || t.text === '[');
  }

  private member(): Expr {
    let e = this.primary();
    for (;;) {
      const t = this.peek();
      if (t.kind !== 'punct') return e;
      if (t.text === '.') {
        this.pos++;
        const name = this.next();
        if (name.kind !== 'ident' && name.kind !== 'quoted') {
          throw new CelSyntaxError(`expected a field or method name, found ${describe(name)}`, name.offset);
        }
        if (name.kind === 'ident' && this.isPunct('(')) {
          const args = this.args(name.offset);
          e = this.call(name.text, e, args, name.offset);
        } else e = this.node({ k: 'select', operand: e, field: name.text, at: name.offset });
      } else if (t.text === '[') {
        this.pos++;
        const index = this.nested(t.offset, () => this.expr());
        this.expect(']');
        e = this.node({ k: 'index', operand: e, index, at: t.offset });
      } else if (t.text === '{' && e.k === 'ident') {
        throw new CelSyntaxError('message construction is not supported', t.offset);
      } else return e;
    }
  }

  private args(at: number): Expr[] {
    this.expect('(');
    return this.nested(at, () => {
      const args: Expr[] = [];
      if (!this.accept(')')) {
        do args.push(this.expr());
        while (this.accept(','));
        this.expect(')');
      }
      return args;
    });
  }

  private call(fn: string, target: Expr | undefined, args: Expr[], at: number): Expr {
    if (!target && fn === 'has') {
      const arg = args[0];
      if (args.length !== 1 || arg?.k !== 'select') {
        throw new CelSyntaxError('has() takes one field selection, e.g. has(msg.field)', at);
      }
      return this.node({ k: 'has', operand: arg.operand, field: arg.field, at });
    }
    const macro = MACROS[fn];
    if (target && macro && (args.length === 2 || (macro === 'map' && args.length === 3))) {
      const v = args[0] as Expr;
      if (v.k !== 'ident')
        throw new CelSyntaxError(`${fn}() needs a variable name as its first argument`, v.at);
      const body = args.slice(1);
      return this.node({
        k: 'comp',
        macro,
        range: target,
        iterVar: v.name,
        pred: macro === 'map' ? (body.length === 2 ? body[0] : undefined) : body[0],
        transform: macro === 'map' ? body[body.length - 1] : undefined,
        at,
      });
    }
    return this.node({ k: 'call', fn, target, args, at });
  }

  private primary(): Expr {
    const t = this.next();
    switch (t.kind) {
      case 'int':
      case 'uint':
      case 'double':
        return this.node({ k: 'lit', value: numberLiteral(t, false), at: t.offset });
      case 'string':
        return this.node({ k: 'lit', value: t.text, at: t.offset });
      case 'bytes':
        return this.node({ k: 'lit', value: t.bytes as Uint8Array, at: t.offset });
      case 'ident': {
        if (t.text === 'true' || t.text === 'false')
          return this.node({ k: 'lit', value: t.text === 'true', at: t.offset });
        if (t.text === 'null') return this.node({ k: 'lit', value: null, at: t.offset });
        if (t.text === 'in') throw new CelSyntaxError("unexpected 'in'", t.offset);
        if (this.isPunct('(')) return this.call(t.text, undefined, this.args(t.offset), t.offset);
        return this.node({ k: 'ident', name: t.text, at: t.offset });
      }
      case 'punct':
        return this.bracketed(t);
      default:
        throw new CelSyntaxError(`unexpected ${describe(t)}`, t.offset);
    }
  }

  private bracketed(t: Token): Expr {
    return this.nested(t.offset, () => {
      if (t.text === '(') {
        const e = this.expr();
        this.expect(')');
        return e;
      }
      if (t.text === '[') {
        const items: Expr[] = [];
        while (!this.isPunct(']')) {
          items.push(this.expr());
          if (!this.accept(',')) break;
        }
        this.expect(']');
        return this.node({ k: 'list', items, at: t.offset });
      }
      if (t.text === '{') {
        const entries: [Expr, Expr][] = [];
        while (!this.isPunct('}')) {
          const key = this.expr();
          this.expect(':');
          entries.push([key, this.expr()]);
          if (!this.accept(',')) break;
        }
        this.expect('}');
        return this.node({ k: 'map', entries, at: t.offset });
      }
      if (t.text === '.')
        throw new CelSyntaxError('qualified names (a leading dot) are not supported', t.offset);
      throw new CelSyntaxError(`unexpected ${describe(t)}`, t.offset);
    });
  }
}
