import { SEARCH_TEXT } from '@console/contracts';
import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { editRefusal, type NoteDoc } from './notes.store.ts';

const written = new Date('2025-05-01T12:00:00Z');
const note = (o: Partial<NoteDoc> = {}): NoteDoc => ({
  _id: new ObjectId(),
  notes: 'called back',
  customerId: 'c1',
  userId: 'ann@console.test',
  createdDate: written,
  updatedDate: written,
  ...o,
});
const minutes = (m: number) => new Date(written.getTime() + m * 60_000);

describe('who may change a note, and when', () => {
  it('lets the author change it for an hour', () => {
    expect(editRefusal(note(), { email: 'Ann@console.test' }, minutes(59))).toBeNull();
    expect(editRefusal(note(), { email: 'ann@console.test' }, minutes(61))).toBe(SEARCH_TEXT.tooOld);
  });
  it('never lets anyone else, nor anyone change an automatic note', () => {
    expect(editRefusal(note(), { email: 'bob@console.test' }, minutes(1))).toBe(SEARCH_TEXT.otherAuthor);
    expect(editRefusal(note({ userId: 'system', automatic: true }), { email: 'system' }, minutes(1))).toBe(
      SEARCH_TEXT.otherAuthor,
    );
  });
  it('dates a note without createdDate by its update time', () => {
    expect(
      editRefusal(note({ createdDate: undefined }), { email: 'ann@console.test' }, minutes(30)),
    ).toBeNull();
  });
});
