import { TypeCompiler } from '@sinclair/typebox/compiler';
import { describe, expect, it } from 'vitest';
import { operationById } from './index.ts';

describe('the Gen1 command queue paths', () => {
  // Found by the operation fuzz: lastId 1e+308 is an integer to JSON Schema and reached Postgres
  // as a bigint out of range (a 500). It is refused with the other bad input now.
  it.each(['hub-control.wflCommandsOlder', 'hub-control.deleteWflCommandsOlder'])(
    '%s refuses a lastId beyond the safe integers',
    (id) => {
      const schema = operationById(id).params;
      if (!schema) throw new Error(`${id} has no params`);
      const check = TypeCompiler.Compile(schema);
      // As the gateway forwards it: its path coercion turned "1e+308" into the number.
      const params = (lastId: number) => ({ mac: '74:0A:BC:1C:60:C3', count: 4, lastId });
      expect(check.Check(params(1e308))).toBe(false);
      expect(check.Check(params(2 ** 53))).toBe(false);
      expect(check.Check(params(123_456_789))).toBe(true);
    },
  );
});
