import { type Caller, COLLECTIONS } from '@console/contracts';
import { type Db, MongoServerError, ObjectId } from 'mongodb';
import type pg from 'pg';

const DUPLICATE_KEY = 11000;

interface OutboxDoc {
  notes: string;
  customerId: string;
  staff: { email: string; name: string };
  at: string;
}

/**
 * Automatic support notes of account edits. The note is written in the edit's own SQL
 * transaction (search_note_outbox) and then delivered to Mongo with its id fixed in advance, so a
 * retry never doubles it: an edit is never left without its note, even when Mongo is away.
 */
export class NoteOutbox {
  private readonly pool: pg.Pool;
  private readonly db: Db;
  private readonly onError: (err: unknown) => void;
  constructor(pool: pg.Pool, db: Db, onError: (err: unknown) => void) {
    this.pool = pool;
    this.db = db;
    this.onError = onError;
  }

  /** Inside the edit's transaction. Automatic notes carry userId 'system' and name the staff member. */
  async add(
    client: pg.PoolClient,
    customerId: string,
    text: string,
    caller: Caller,
    at: Date,
  ): Promise<string> {
    const id = new ObjectId().toHexString();
    const doc: OutboxDoc = {
      notes: text,
      customerId,
      staff: { email: caller.email, name: caller.name },
      at: at.toISOString(),
    };
    await client.query('insert into search_note_outbox (note_id, doc) values ($1, $2)', [id, doc]);
    return id;
  }

  /** Delivers the given notes, or every pending one. */
  async deliver(ids?: string[]): Promise<number> {
    const { rows } = await this.pool.query<{ note_id: string; doc: OutboxDoc }>(
      ids
        ? 'select note_id, doc from search_note_outbox where delivered is null and note_id = any($1::text[])'
        : 'select note_id, doc from search_note_outbox where delivered is null order by created limit 500',
      ids ? [ids] : [],
    );
    let done = 0;
    for (const r of rows) {
      const at = new Date(r.doc.at);
      try {
        await this.db.collection(COLLECTIONS.supportNotes).insertOne({
          _id: new ObjectId(r.note_id),
          notes: r.doc.notes,
          customerId: r.doc.customerId,
          userId: 'system',
          automatic: true,
          staff: r.doc.staff,
          createdDate: at,
          updatedDate: at,
        });
      } catch (err) {
        if (!(err instanceof MongoServerError && err.code === DUPLICATE_KEY)) {
          this.onError(err);
          continue;
        }
      }
      await this.pool.query('update search_note_outbox set delivered = now() where note_id = $1', [
        r.note_id,
      ]);
      done++;
    }
    return done;
  }
}
