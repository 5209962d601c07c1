import { describe, expect, it } from 'vitest';
import { addRecent, listsKey, parseLists, removeRecent, toggleFavourite } from './local-lists.ts';
import { entryProblem, searchBody, validateSupportPlusSearch } from './search-params.ts';

describe('the /supportPlus query', () => {
  it('keeps the known parameters and drops malformed ones', () => {
    expect(
      validateSupportPlusSearch({
        searchterm: ' a@b.c ',
        products: '1',
        fields: 'serial,bogus,name',
        debug: '1',
        hostName: 'eu',
        other: 'x',
      }),
    ).toEqual({
      searchterm: ' a@b.c ',
      products: true,
      fields: ['serial', 'name'],
      debug: 1,
      hostName: 'eu',
    });
    expect(validateSupportPlusSearch({ searchterm: '', debug: 'yes', fields: ['serial'] })).toEqual({});
    expect(validateSupportPlusSearch({ searchterm: 3157366703 })).toEqual({ searchterm: '3157366703' });
  });

  it('builds the search body: products and fields, migrated, load all', () => {
    expect(searchBody({})).toBeNull();
    expect(searchBody({ searchterm: '  ' })).toBeNull();
    expect(searchBody({ searchterm: ' x@y.z ' })).toEqual({ text: 'x@y.z', limit: 20 });
    expect(searchBody({ searchterm: 'BC2B25', products: true, fields: ['serial'], all: true })).toEqual({
      text: 'BC2B25',
      products: true,
      productFields: ['serial'],
      limit: 100,
    });
    expect(searchBody({ migrated: true })).toEqual({ text: '', migrated: true, limit: 20 });
    expect(searchBody({ searchterm: 'x'.repeat(1001) })).toBeNull();
  });

  it('refuses entries over 1000 characters with a clear message', () => {
    expect(entryProblem('x'.repeat(1000))).toBeNull();
    expect(entryProblem('x'.repeat(1001))).toBe('Too long: at most 1000 characters (this has 1001).');
  });
});

describe('recent searches and favourites', () => {
  const empty = { recent: [], favourites: [] };

  it('keeps the last five searches, newest first, without repeats', () => {
    let lists = empty as { recent: string[]; favourites: string[] };
    for (const t of ['a', 'b', 'c', 'a', 'd', 'e', 'f']) {
      const r = addRecent(lists, t);
      if (!r.ok) throw new Error(r.message);
      lists = r.lists;
    }
    expect(lists.recent).toEqual(['f', 'e', 'd', 'a', 'c']);
    expect(removeRecent(lists, 'd').recent).toEqual(['f', 'e', 'a', 'c']);
    expect(addRecent(lists, 'y'.repeat(1001))).toEqual({
      ok: false,
      message: 'Too long: at most 1000 characters (this has 1001).',
    });
  });

  it('toggles favourites and refuses long ones', () => {
    const on = toggleFavourite(empty, ' bc1234ab ');
    expect(on).toEqual({ ok: true, lists: { recent: [], favourites: ['bc1234ab'] } });
    if (!on.ok) return;
    expect(toggleFavourite(on.lists, 'bc1234ab')).toEqual({ ok: true, lists: empty });
    expect(toggleFavourite(empty, 'z'.repeat(1200)).ok).toBe(false);
  });

  it('reads stored lists per e-mail, dropping what is malformed', () => {
    expect(listsKey(' Sam@X.com')).toBe('supportPlus.searchLists.sam@x.com');
    expect(parseLists(null)).toEqual(empty);
    expect(parseLists('{nope')).toEqual(empty);
    expect(
      parseLists(JSON.stringify({ recent: ['a', 7, 'a', 'x'.repeat(1001), 'b'], favourites: 'no' })),
    ).toEqual({ recent: ['a', 'b'], favourites: [] });
  });
});
