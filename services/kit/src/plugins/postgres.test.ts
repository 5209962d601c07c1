import { describe, expect, it } from 'vitest';
import { withJitOff } from './postgres.ts';

describe('withJitOff', () => {
  it('adds jit=off to the connection options, keeping those already there', () => {
    expect(new URL(withJitOff('postgres://u@h:5432/db')).searchParams.get('options')).toBe('-c jit=off');
    const both = withJitOff('postgres://u@h:5432/db?options=-c%20statement_timeout%3D5000');
    expect(new URL(both).searchParams.get('options')).toBe('-c statement_timeout=5000 -c jit=off');
    expect(new URL(both).pathname).toBe('/db');
  });

  it("adds a service's own settings after it", () => {
    const url = withJitOff('postgres://u@h:5432/db', { work_mem: '32MB' });
    expect(new URL(url).searchParams.get('options')).toBe('-c jit=off -c work_mem=32MB');
  });
});
