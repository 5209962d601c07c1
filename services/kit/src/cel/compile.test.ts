// compile(): where a bad expression fails (the fleet lens's 400 shows it), the size and cost limits, and
// evaluation over a hub message as the fan-out holds it (plain JSON, converted on access).
import { describe, expect, it } from 'vitest';
import { CelError, compile } from './index.ts';

function failure(src: string, options: Partial<Parameters<typeof compile>[1]> = {}) {
  const r = compile(src, { variables: ['msg'], ...options });
  if (r.ok) throw new Error(`expected ${src} to be refused`);
  return r.error;
}

function run(src: string, msg: unknown) {
  const r = compile(src, { variables: ['msg'] });
  if (!r.ok) throw new Error(r.error.message);
  return r.program.eval({ msg });
}

describe('compile errors say what and where', () => {
  it('points at the token that cannot continue the expression', () => {
    expect(failure("msg.class == 'feature' &&")).toEqual({
      message: 'unexpected end of expression',
      position: { line: 1, column: 26, offset: 25 },
    });
    expect(failure('msg.items[0')).toMatchObject({ message: "expected ']', found end of expression" });
    expect(failure('(1 + 2')).toMatchObject({ message: "expected ')', found end of expression" });
  });

  it('counts lines and columns across newlines', () => {
    expect(failure("msg.class == 'x'\n  && msg.operation = 'event'")).toEqual({
      message: "unexpected character '=' (compare with '==')",
      position: { line: 2, column: 20, offset: 36 },
    });
  });

  it('names unknown variables, functions and bad literals', () => {
    expect(failure('hub.id == 1')).toEqual({
      message: "undeclared reference to 'hub'",
      position: { line: 1, column: 1, offset: 0 },
    });
    expect(failure('msg.items.frobnicate()')).toMatchObject({
      message: "unknown method 'frobnicate'",
      position: { column: 11 },
    });
    expect(failure("msg.name.startswith('a')")).toMatchObject({
      message: "unknown method 'startswith' (did you mean 'startsWith'?)",
    });
    expect(failure('msg.a == 1 & msg.b == 2').message).toBe("unexpected character '&' ('and' is '&&')");
    expect(failure('size(msg, 2)')).toMatchObject({ message: "function 'size' takes 1 argument(s)" });
    expect(failure("'unterminated")).toMatchObject({
      message: 'unterminated string',
      position: { column: 1 },
    });
    expect(failure('9223372036854775808')).toMatchObject({ message: 'int literal out of range' });
    expect(failure("'\\q'")).toMatchObject({ message: 'invalid escape sequence', position: { offset: 1 } });
    expect(failure('msg.if')).toMatchObject({ message: "'if' is a reserved word", position: { offset: 4 } });
  });

  it('refuses malformed macros and patterns at compile time', () => {
    expect(failure('has(msg)')).toMatchObject({
      message: 'has() takes one field selection, e.g. has(msg.field)',
    });
    expect(failure('msg.items.exists(1, true)')).toMatchObject({
      message: 'exists() needs a variable name as its first argument',
    });
    expect(failure("msg.name.matches('[a-')")).toEqual({
      message: 'matches(): missing closing ]',
      position: { line: 1, column: 18, offset: 17 },
    });
    expect(failure("msg.name.matches('(a)\\\\1')").message).toContain('back-references');
    expect(failure("msg.name.matches('(?=a)')").message).toContain('look-around');
  });
});

describe('limits', () => {
  it('refuses a source longer than the maximum', () => {
    expect(failure(`msg.a == '${'x'.repeat(2000)}'`).message).toBe(
      'expression is longer than 2000 characters',
    );
    expect(compile('msg.a == 1', { variables: ['msg'], maxLength: 5 }).ok).toBe(false);
  });

  it('refuses deep nesting and too many nodes', () => {
    expect(failure(`${'('.repeat(40)}1${')'.repeat(40)}`).message).toBe(
      'expression is nested too deeply (more than 32 levels)',
    );
    expect(failure(Array.from({ length: 300 }, () => '1').join('+')).message).toBe(
      'expression is too large (more than 500 nodes)',
    );
  });

  it('refuses nested comprehensions over the message data, not over literals', () => {
    const nested = failure('msg.items.exists(i, msg.items.exists(j, i == j))');
    expect(nested.message).toMatch(/^expression is too costly \(estimated \d+, limit 20000\)/);
    expect(nested.position.offset).toBe(10);
    expect(compile("msg.items.exists(i, ['a', 'b'].exists(j, i.kind == j))", { variables: ['msg'] }).ok).toBe(
      true,
    );
    expect(compile('msg.items.exists(i, i.error != 0)', { variables: ['msg'] }).ok).toBe(true);
  });

  it('stops a runaway evaluation with an error value once the step budget is spent', () => {
    const r = compile('msg.items.all(i, true)', { variables: ['msg'], evalBudget: 1000 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.program.eval({ msg: { items: new Array(999).fill(1) } })).toBe(true);
    expect(r.program.eval({ msg: { items: new Array(1001).fill(1) } })).toEqual(
      new CelError('evaluation cost budget exceeded'),
    );
  });
});

describe('matches() and the step budget', () => {
  it('charges a match by subject length times pattern size, so long subjects count', () => {
    const r = compile("msg.s.matches('^(a|b)+c$')", { variables: ['msg'], evalBudget: 1000 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.program.eval({ msg: { s: `${'ab'.repeat(100)}c` } })).toBe(true);
    expect(r.program.eval({ msg: { s: `${'ab'.repeat(5000)}c` } })).toEqual(
      new CelError('evaluation cost budget exceeded'),
    );
  });
});

describe('evaluation over a hub message', () => {
  const msg = {
    class: 'feature',
    operation: 'event',
    hubId: 3161054907,
    firmware: '1.4.2',
    load: 0.5,
    items: [{ error: 0 }, { error: 7, code: 'sync' }],
  };

  it('answers the fleet lens examples', () => {
    expect(
      run("msg.class == 'feature' && msg.operation == 'event' && msg.items.exists(i, i.error != 0)", msg),
    ).toBe(true);
    expect(run('msg.items.filter(i, i.error != 0).map(i, i.code)', msg)).toMatchObject({ items: ['sync'] });
    expect(run("msg.firmware.startsWith('1.4') && msg.hubId == 3161054907", msg)).toBe(true);
    expect(run('msg.hubId + 1', msg)).toBe(3161054908n);
    expect(run('msg.load * 2.0', msg)).toBe(1);
    expect(run("msg.firmware.matches('^1\\\\.4\\\\.[0-9]+$')", msg)).toBe(true);
  });

  it('keeps int and double apart in arithmetic but not in comparison', () => {
    expect(run('msg.load + 1', msg)).toEqual(new CelError('no such overload: _+_(double, int)'));
    expect(run('msg.load < 1', msg)).toBe(true);
    expect(run('msg.hubId == 3161054907.0', msg)).toBe(true);
  });

  it('makes a missing field an error, has() a test, and lets && and || decide around errors', () => {
    expect(run('msg.structure', msg)).toEqual(new CelError('no such key: structure'));
    expect(run('has(msg.structure)', msg)).toBe(false);
    expect(run('has(msg.class)', msg)).toBe(true);
    expect(run("msg.structure == 'S' && false", msg)).toBe(false);
    expect(run("msg.structure == 'S' || true", msg)).toBe(true);
    expect(run("has(msg.structure) && msg.structure == 'S'", msg)).toBe(false);
    expect(run('msg.items.exists(i, i.code == "sync")', msg)).toBe(true);
    expect(run('msg.items.all(i, i.code == "sync")', msg)).toBeInstanceOf(CelError);
  });

  it('never reads what is not the message’s own', () => {
    expect(run('msg.constructor', msg)).toEqual(new CelError('no such key: constructor'));
    expect(run("has(msg.toString) || 'toString' in msg", msg)).toBe(false);
  });

  it('reads times: msg.at (ms) as a timestamp, calendar fields in a zone, spans as durations', () => {
    const at = { at: Date.UTC(2026, 10, 28, 23, 30, 15, 250) };
    expect(run('string(timestamp(msg.at / 1000))', at)).toBe('2026-11-28T23:30:15Z');
    expect(run("timestamp(msg.at / 1000).getHours('Europe/Berlin')", at)).toBe(0n);
    expect(run("timestamp(msg.at / 1000).getDayOfWeek('+02:00')", at)).toBe(0n);
    expect(run("timestamp(msg.at / 1000) - timestamp('2026-11-28T23:00:00Z') < duration('1h')", at)).toBe(
      true,
    );
    expect(run("string(timestamp('2026-11-28T23:00:00Z') + duration('1h30m0.5s'))", at)).toBe(
      '2026-11-29T00:30:00.5Z',
    );
    expect(run("timestamp('2026-02-30T00:00:00Z')", at)).toEqual(new CelError('timestamp out of range'));
    expect(run("timestamp(msg.at / 1000).getHours('Mars/Olympus')", at)).toEqual(
      new CelError("unknown time zone 'Mars/Olympus'"),
    );
  });

  it('gives constant parts (evaluated once, at compile time) the same answers, errors included', () => {
    expect(run("msg.clientType in ['app', 'web']", { clientType: 'web' })).toBe(true);
    expect(run("msg.clientType in ['app', 'web']", { clientType: 7 })).toBe(false);
    expect(run("msg.clientType in ['app', 'web']", {})).toEqual(new CelError('no such key: clientType'));
    expect(run('[2, 4].map(x, x / 0)', msg)).toEqual(new CelError('division by zero'));
    expect(run('[2, 4].map(x, x / 0) == [] || true', msg)).toBe(true);
    expect(run("size(['a', 'b'].filter(x, x != 'a')) == 1 && msg.operation == 'event'", msg)).toBe(true);
  });

  it('reports overflow and division by zero as values, never throws', () => {
    expect(run('msg.hubId * 9223372036854775807', msg)).toEqual(new CelError('integer overflow'));
    expect(run('msg.hubId / 0', msg)).toEqual(new CelError('division by zero'));
    expect(run('msg.nope.deeper[0]', undefined)).toBeInstanceOf(CelError);
  });
});
