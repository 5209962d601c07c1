import type { SupportPlusQueryResult } from '@console/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, failure, type SearchHarness, startSearch } from './harness.ts';

// The real search service on the real FerretDB: what the guard lets through must run there, and
// what FerretDB's regex engine refuses must come back as a 400 naming the problem, not a 500.
let h: SearchHarness;
const query = (regex: string) =>
  h.call('search.query', {
    caller: h.staff(['support']),
    body: { database: 'hubs', filter: { serial: { $regex: regex, $options: 'i' } }, limit: 1 },
  });

beforeAll(async () => {
  h = await startSearch({ customers: 5 });
});
afterAll(async () => h?.close());

describe('$regex in the generic query', () => {
  it('refuses with 400 the patterns the database would refuse or that backtrack without end', async () => {
    for (const regex of ['(?<=a)b', '(?!a)b', '\\Z', 'a++', '((a+))+$', '(a)\\1']) {
      const e = failure(await query(regex));
      expect(e.statusCode, regex).toBe(400);
      expect(e.message, regex).toMatch(/^\$regex /);
    }
  });

  it('runs on FerretDB every pattern the guard accepts', async () => {
    for (const regex of [
      '^bc2b2[5-9a-d]',
      '(ab)+',
      '(?:abc)?x',
      '\\d{3,4}-\\w+',
      'a|b',
      '[]a]',
      '\\x41\\.\\-\\/',
      'colou?r',
      'a.*?b',
    ]) {
      const r = data<SupportPlusQueryResult>(await query(regex));
      expect(r.database, regex).toBe('hubs');
    }
  });
});
