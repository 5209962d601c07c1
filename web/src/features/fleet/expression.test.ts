import { describe, expect, it } from 'vitest';
import { expressionOf } from './expression.ts';

describe('expressionOf', () => {
  it('writes one value as ==, several as in [...], joined with &&', () => {
    expect(expressionOf({ classes: ['feature'], operations: ['event', 'read'] })).toBe(
      "msg.class == 'feature' && msg.operation in ['event', 'read']",
    );
    expect(expressionOf({ clientTypes: ['user'] })).toBe("msg.clientType == 'user'");
  });

  it('is every message without a filter, and quotes what it writes', () => {
    expect(expressionOf({})).toBe('true');
    expect(expressionOf({ operations: ["it's"] })).toBe("msg.operation == 'it\\'s'");
  });
});
