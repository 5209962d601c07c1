import { describe, expect, it } from 'vitest';
import { OPERATIONS } from './index.ts';

describe('the operations table', () => {
  it('names every operation once and every method and path once', () => {
    // Two operations with one id share a NATS subject: requests would go to either handler at random.
    const ids = OPERATIONS.map((o) => o.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const routes = OPERATIONS.map((o) => `${o.method} ${o.path}`);
    expect(routes.filter((r, i) => routes.indexOf(r) !== i)).toEqual([]);
  });
});
