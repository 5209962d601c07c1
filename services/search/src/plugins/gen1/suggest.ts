import { AUTOCOMPLETE, displayMac, type Suggestion } from '@console/contracts';
import type pg from 'pg';
import { rows } from '../sql.ts';
import { likeEscape } from './terms.ts';

/** The statements behind the support box's suggestions (also printed with EXPLAIN by the benchmark). */
export function suggestStatements(text: string) {
  const t = text.trim();
  const prefix = `${likeEscape(t.toLowerCase())}%`;
  const hex = t.replace(/[\s:.-]/g, '').toUpperCase();
  const out = [
    {
      kind: 'email',
      text: 'select email as v from users where lower(email) like $1 order by lower(email) limit $2',
      values: [prefix],
    },
    {
      kind: 'username',
      text: 'select username as v from users where username ilike $1 order by username limit $2',
      values: [prefix],
    },
  ];
  if (/^[0-9A-F]{2,12}$/.test(hex)) {
    const pattern = `%${hex.match(/.{1,2}/g)?.join(':')}%`;
    out.push({
      kind: 'mac',
      text: 'select distinct mac as v from wfls where mac ilike $1 order by mac limit $2',
      values: [pattern],
    });
  }
  return out;
}

/** Suggestions for the legacy support box: e-mails, usernames, MACs; at most 10 in all. */
export async function suggestGen1(pool: pg.Pool, text: string): Promise<Suggestion[]> {
  if (text.trim().length < AUTOCOMPLETE.gen1MinChars) return [];
  const max = AUTOCOMPLETE.maxSuggestions;
  const lists = await Promise.all(
    suggestStatements(text).map(async (s) => ({
      kind: s.kind,
      values: (await rows<{ v: string }>(pool, s.text, [...s.values, max])).map((r) => r.v),
    })),
  );
  return interleave(lists, max, (kind, v) => ({
    value: v,
    kind,
    label: kind === 'mac' ? `${displayMac(v)} (MAC)` : v,
  }));
}

/** Takes from each list in turn, without repeats, up to `max`: every kind of match gets a place. */
export function interleave(
  lists: { kind: string; values: string[] }[],
  max: number,
  make: (kind: string, value: string) => Suggestion,
): Suggestion[] {
  const out: Suggestion[] = [];
  const seen = new Set<string>();
  const longest = Math.max(0, ...lists.map((l) => l.values.length));
  for (let i = 0; i < longest && out.length < max; i++) {
    for (const { kind, values } of lists) {
      const v = values[i];
      if (v === undefined || seen.has(v) || out.length >= max) continue;
      seen.add(v);
      out.push(make(kind, v));
    }
  }
  return out;
}
