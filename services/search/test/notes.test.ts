import { SEARCH_TEXT, type SupportNoteView, type ViewHistoryEntries } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { data, failure, startSearch } from './harness.ts';

const h = useSuite(() => startSearch({ world: false }));

describe('support notes', () => {
  it('are written by the caller, whatever the body says, and listed newest first', async () => {
    const ann = h.staff(['support'], 'Ann');
    const first = data<SupportNoteView>(
      await h.call('search.saveNote', {
        caller: ann,
        body: { notes: 'Called about the hub', customerId: 'c-1', userId: 'someone-else@console.test' },
      }),
    );
    expect(first).toMatchObject({ userId: ann.email, customerId: 'c-1', automatic: false, editable: true });
    h.clock.advance(1000);
    await h.call('search.saveNote', { caller: ann, body: { notes: 'Second call', customerId: 'c-1' } });
    const list = data<SupportNoteView[]>(
      await h.call('search.loadNotes', { caller: h.staff(['dev']), params: { userId: 'c-1' } }),
    );
    expect(list.map((n) => n.notes)).toEqual(['Second call', 'Called about the hub']);
    expect(list.every((n) => n.editable === false)).toBe(true);
  });

  it('can be changed only by their author, and only within an hour', async () => {
    const ann = h.staff(['support'], 'Ann');
    const bob = h.staff(['support'], 'Bob');
    const n = data<SupportNoteView>(
      await h.call('search.saveNote', { caller: ann, body: { notes: 'draft', customerId: 'c-2' } }),
    );
    const other = failure(
      await h.call('search.updateNote', {
        caller: bob,
        body: { id: n.id, notes: 'mine now', userId: ann.email },
      }),
    );
    expect(other).toMatchObject({ statusCode: 403, message: SEARCH_TEXT.otherAuthor });
    h.clock.advance(59 * 60_000);
    const changed = data<SupportNoteView>(
      await h.call('search.updateNote', { caller: ann, body: { id: n.id, notes: 'final' } }),
    );
    expect(changed.notes).toBe('final');
    h.clock.advance(2 * 60_000);
    const late = failure(
      await h.call('search.updateNote', { caller: ann, body: { id: n.id, notes: 'too late' } }),
    );
    expect(late).toMatchObject({ statusCode: 403, message: SEARCH_TEXT.tooOld });
    const [stored] = data<SupportNoteView[]>(
      await h.call('search.loadNotes', { caller: ann, params: { userId: 'c-2' } }),
    );
    expect(stored?.notes).toBe('final');
    expect(
      failure(
        await h.call('search.updateNote', {
          caller: ann,
          body: { id: '0123456789abcdef01234567', notes: 'x' },
        }),
      ).statusCode,
    ).toBe(404);
  });

  it("never lets anyone change an automatic note (userId 'system')", async () => {
    const { insertedId } = await h.db.collection('supportnotes').insertOne({
      notes: 'Ann <ann@console.test> changed the role',
      customerId: 'c-3',
      userId: 'system',
      automatic: true,
      createdDate: h.clock.now,
      updatedDate: h.clock.now,
    });
    const e = failure(
      await h.call('search.updateNote', {
        caller: h.staff(['admin']),
        body: { id: insertedId.toHexString(), notes: 'x' },
      }),
    );
    expect(e).toMatchObject({ statusCode: 403, message: SEARCH_TEXT.otherAuthor });
  });
});

describe('view history', () => {
  it('records the caller, not the name in the path, and lists viewers newest first', async () => {
    const ann = h.staff(['support'], 'Ann');
    const bob = h.staff(['support'], 'Bob');
    await h.call('search.viewHistory', { caller: ann, params: { userId: 'c-9', staffName: 'Mallory' } });
    h.clock.advance(5000);
    const list = data<ViewHistoryEntries>(
      await h.call('search.viewHistory', { caller: bob, params: { userId: 'c-9', staffName: 'Mallory' } }),
    );
    expect(list.map((v) => [v.userId, v.name])).toEqual([
      [bob.email, 'Bob'],
      [ann.email, 'Ann'],
    ]);
    expect(Date.parse(list[0]?.createdDate ?? '')).toBe(h.clock.now.getTime());
  });
});
