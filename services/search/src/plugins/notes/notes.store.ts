import {
  ApiError,
  type Caller,
  COLLECTIONS,
  type MyViews,
  NOTE_EDIT_WINDOW_MS,
  SEARCH_TEXT,
  type SupportNoteView,
  type ViewHistoryEntries,
} from '@console/contracts';
import { type Collection, type Db, ObjectId } from 'mongodb';

/** A support note as stored; hub-control's automatic notes have no createdDate (their _id carries it). */
export interface NoteDoc {
  _id: ObjectId;
  notes: string;
  customerId: string;
  userId: string;
  automatic?: boolean;
  staff?: { email: string; name: string };
  createdDate?: Date;
  updatedDate: Date;
}

interface ViewDoc {
  customerId: string;
  userId: string;
  name?: string;
  createdDate: Date;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function createdOf(n: NoteDoc): Date {
  return n.createdDate ?? n.updatedDate ?? n._id.getTimestamp();
}

/** Why the caller may not change this note now, or null (seed 001 §5: author only, within an hour). */
export function editRefusal(n: NoteDoc, caller: Pick<Caller, 'email'>, now: Date): string | null {
  if (n.automatic || n.userId === 'system' || !same(n.userId, caller.email)) return SEARCH_TEXT.otherAuthor;
  if (now.getTime() - createdOf(n).getTime() > NOTE_EDIT_WINDOW_MS) return SEARCH_TEXT.tooOld;
  return null;
}

export function noteView(n: NoteDoc, caller: Pick<Caller, 'email'>, now: Date): SupportNoteView {
  return {
    id: n._id.toHexString(),
    notes: n.notes,
    customerId: n.customerId,
    userId: n.userId,
    automatic: n.automatic === true || n.userId === 'system',
    createdDate: createdOf(n).toISOString(),
    updatedDate: (n.updatedDate ?? createdOf(n)).toISOString(),
    editable: editRefusal(n, caller, now) === null,
  };
}

/** Support notes and view history (Mongo `supportnotes`, `viewhistory`). The clock is injected for the 1-hour rule. */
export class Notes {
  readonly notes: Collection<NoteDoc>;
  private readonly views: Collection<ViewDoc>;

  private readonly now: () => Date;
  constructor(db: Db, now: () => Date) {
    this.now = now;
    this.notes = db.collection<NoteDoc>(COLLECTIONS.supportNotes);
    this.views = db.collection<ViewDoc>(COLLECTIONS.viewHistory);
  }

  async load(customerId: string, caller: Caller): Promise<SupportNoteView[]> {
    const found = await this.notes.find({ customerId }).sort({ updatedDate: -1 }).limit(200).toArray();
    const now = this.now();
    return found.map((n) => noteView(n, caller, now));
  }

  /** The newest notes on any customer. */
  async recent(caller: Caller, limit = 20): Promise<SupportNoteView[]> {
    const found = await this.notes.find({}).sort({ updatedDate: -1 }).limit(limit).toArray();
    const now = this.now();
    return found.map((n) => noteView(n, caller, now));
  }

  /** The customers the caller viewed last: one row each, with the caller's latest view. */
  async mine(caller: Caller, limit = 20): Promise<MyViews> {
    const out: MyViews = [];
    const seen = new Set<string>();
    // Newest views first; a customer viewed again and again takes one row.
    const cursor = this.views.find({ userId: caller.email }).sort({ createdDate: -1 }).limit(500);
    for await (const v of cursor) {
      if (seen.has(v.customerId)) continue;
      seen.add(v.customerId);
      out.push({ customerId: v.customerId, createdDate: v.createdDate.toISOString() });
      if (out.length === limit) break;
    }
    return out;
  }

  async save(customerId: string, text: string, caller: Caller): Promise<SupportNoteView> {
    const now = this.now();
    const doc: NoteDoc = {
      _id: new ObjectId(),
      notes: text,
      customerId,
      userId: caller.email,
      automatic: false,
      staff: { email: caller.email, name: caller.name },
      createdDate: now,
      updatedDate: now,
    };
    await this.notes.insertOne(doc);
    return noteView(doc, caller, now);
  }

  async update(id: string, text: string, caller: Caller): Promise<SupportNoteView> {
    const _id = new ObjectId(id);
    const note = await this.notes.findOne({ _id });
    if (!note) throw new ApiError(404, 'No such note.');
    const now = this.now();
    const refusal = editRefusal(note, caller, now);
    if (refusal) throw new ApiError(403, refusal);
    await this.notes.updateOne({ _id, userId: note.userId }, { $set: { notes: text, updatedDate: now } });
    return noteView({ ...note, notes: text, updatedDate: now }, caller, now);
  }

  /** Records that the caller looked at the customer, then lists who did, newest first. */
  async viewed(customerId: string, caller: Caller): Promise<ViewHistoryEntries> {
    await this.views.insertOne({
      customerId,
      userId: caller.email,
      name: caller.name,
      createdDate: this.now(),
    });
    const found = await this.views.find({ customerId }).sort({ createdDate: -1 }).limit(50).toArray();
    return found.map((v) => ({
      createdDate: v.createdDate.toISOString(),
      userId: v.userId,
      name: v.name ?? null,
    }));
  }
}
