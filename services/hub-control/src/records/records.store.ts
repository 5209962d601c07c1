import type { Caller, FailedCommand, TransactionState } from '@console/contracts';
import { RecentFailedList } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import {
  type Collection,
  type Db,
  type Document,
  MongoBulkWriteError,
  ObjectId,
  type OptionalUnlessRequiredId,
} from 'mongodb';
import { GroupCommit } from './group-commit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    records: Records;
  }
}

/** A transaction (Support Plus spec §3) plus who ran it, on which hub, and how it ended. */
export interface TransactionDoc {
  transactionId: number;
  hubId: number | null;
  rootGroupId: string | null;
  action: string;
  class: string;
  operation: string;
  messages: { clientType: string; clientId: string; clientDeviceId: string }[];
  tags: string[];
  /** One flag per item of the reply. */
  successList: boolean[];
  success: boolean | null;
  warning: boolean;
  state: TransactionState;
  firstMsgInfo: Record<string, unknown>;
  startDate: Date;
  createdDate: Date;
  duration: number | null;
  error: string | null;
  staff: { userId: string; email: string; name: string };
  requestId: string;
}

/** A transaction with the `_id` it was given when it opened (the key that makes its writes idempotent). */
export type Opened = TransactionDoc & { _id: ObjectId };

export interface SupportNoteDoc {
  notes: string;
  customerId: string;
  /** The staff e-mail (Support Plus notes) or 'system' (Gen1 notes, as the search service writes them). */
  userId: string;
  automatic: true;
  staff?: { email: string; name: string };
  createdDate?: Date;
  updatedDate: Date;
}

/**
 * Transactions and automatic support notes in Mongo (only what FerretDB 1.x serves too).
 *
 * A transaction is written once, complete, when its outcome is known (by the audit writer, from
 * the AUDIT stream); until the stream holds it, it waits in a Redis hash (`<prefix>:inflight`) as
 * the write-ahead record, so an instance that dies mid-flight still leaves a 'sent' transaction
 * (recovered by `recover`). Every insert is keyed by an `_id` chosen once, so writing a record
 * twice keeps one. Inserts go in batches: FerretDB 1.24 takes about 800 single writes a second
 * here, and deadlocks its pool when dozens of updates run at once, so nothing is updated in place.
 */
export class Records {
  readonly transactions: Collection<TransactionDoc>;
  readonly notes: Collection<SupportNoteDoc>;
  /** Recent Failed Commands: every failed transaction written here is added to it after the insert. */
  readonly failed: RecentFailedList;
  private readonly written: GroupCommit<Opened>;
  private readonly noted: GroupCommit<SupportNoteDoc & { _id?: ObjectId }>;
  private readonly inflight: string;

  private readonly redis: Redis;
  private readonly instance: string;
  constructor(db: Db, redis: Redis, prefix: string, instance: string) {
    this.redis = redis;
    this.instance = instance;
    this.transactions = db.collection<TransactionDoc>('transactions');
    this.notes = db.collection<SupportNoteDoc>('supportnotes');
    this.failed = new RecentFailedList(db);
    this.written = new GroupCommit((docs) => this.writeTransactions(docs));
    this.noted = new GroupCommit((docs) => insertOnce(this.notes, docs));
    this.inflight = `${prefix}:inflight`;
  }

  async ensureIndexes(): Promise<void> {
    await this.transactions.createIndex({ hubId: 1, createdDate: -1 });
    await this.transactions.createIndex({ rootGroupId: 1, createdDate: -1 });
    await this.transactions.createIndex({ transactionId: 1 });
    await this.notes.createIndex({ customerId: 1, updatedDate: -1 });
  }

  /**
   * A list found empty beside stored transactions (a world loaded before the list existed) is
   * filled once, in the background, never holding up the start.
   */
  fillRecentFailed(log: FastifyInstance['log']): Promise<void> {
    return this.failed
      .fillIfEmpty()
      .then((n) => {
        if (n) log.info({ added: n }, 'recent failed commands list filled from the transactions');
      })
      .catch((err) => log.warn({ err }, 'recent failed commands list not filled'));
  }

  /** The write-ahead record, before the command leaves: kept in Redis until the audit stream holds the end. */
  async open(t: {
    transactionId: number;
    hubId: number | null;
    rootGroupId: string | null;
    action: string;
    cls: string;
    operation: string;
    opId: string;
    caller: Caller;
    requestId: string;
    firstMsgInfo: Record<string, unknown>;
  }): Promise<Opened> {
    const now = new Date();
    const _id = new ObjectId();
    const doc: TransactionDoc = {
      transactionId: t.transactionId,
      hubId: t.hubId,
      rootGroupId: t.rootGroupId,
      action: t.action,
      class: t.cls,
      operation: t.operation,
      messages: [{ clientType: 'admin', clientId: t.caller.userId, clientDeviceId: this.instance }],
      tags: ['supportPlus', t.opId],
      successList: [],
      success: null,
      warning: false,
      state: 'sent',
      firstMsgInfo: t.firstMsgInfo,
      startDate: now,
      createdDate: now,
      duration: null,
      error: null,
      staff: { userId: t.caller.userId, email: t.caller.email, name: t.caller.name },
      requestId: t.requestId,
    };
    await this.redis.hset(this.inflight, _id.toHexString(), JSON.stringify(doc));
    return { ...doc, _id };
  }

  /** The end is safely in the audit stream (or in Mongo): the write-ahead record goes. */
  async settled(id: ObjectId): Promise<void> {
    await this.redis.hdel(this.inflight, id.toHexString());
  }

  /**
   * Inserts keyed by `_id`, where a document already there is success: the audit writer may see a
   * message twice (redelivery after a lost ack), and the second copy must change nothing.
   */
  async writeTransactions(docs: Opened[]): Promise<void> {
    await insertOnce(this.transactions, docs);
    await this.failed.add(docs);
  }

  async writeNotes(docs: (SupportNoteDoc & { _id: ObjectId })[]): Promise<void> {
    await insertOnce(this.notes, docs);
  }

  /**
   * Recent Failed Commands (seed 001 §2): the newest transactions whose success is not true —
   * failed, timed out (success null), or the world's older failed records (which name `linkId`) —
   * from the list the writers keep, never from the transactions (kit recent-failed.ts).
   */
  async recentFailed(limit: number): Promise<FailedCommand[]> {
    return this.failed.read(limit);
  }

  /** Straight to Mongo in a group commit: only when the audit stream could not take the record. */
  async writeDirect(tx: Opened, note: SupportNoteDoc & { _id: ObjectId }): Promise<void> {
    await Promise.all([this.written.add(tx), this.noted.add(note)]);
  }

  /** Write-ahead records older than `olderThanMs` belong to an instance that died: kept as 'sent', outcome unknown. */
  async recover(olderThanMs: number): Promise<number> {
    const all = await this.redis.hgetall(this.inflight);
    let recovered = 0;
    for (const [id, raw] of Object.entries(all)) {
      const doc = revive(raw);
      if (Date.now() - doc.startDate.getTime() < olderThanMs) continue;
      // Whoever removes the entry writes the transaction: one writer even with many instances.
      if ((await this.redis.hdel(this.inflight, id)) !== 1) continue;
      await this.written.add({
        ...doc,
        warning: true,
        error: 'no outcome recorded (hub-control stopped)',
        _id: new ObjectId(id),
      });
      recovered++;
    }
    return recovered;
  }

  /** A Gen1 account's automatic note (customerId = the Gen1 user id). */
  async gen1Note(customerId: string, caller: Caller, text: string): Promise<void> {
    await this.noted.add(systemNote(customerId, caller, text));
  }

  async note(customerId: string, caller: Caller, text: string): Promise<void> {
    await this.noted.add({
      notes: text,
      customerId,
      userId: caller.email,
      automatic: true,
      updatedDate: new Date(),
    });
  }
}

/** A Gen1 automatic note, in the search service's shape: userId 'system', the staff member beside it. */
export function systemNote(
  customerId: string,
  caller: Caller,
  text: string,
  at = new Date(),
): SupportNoteDoc {
  return {
    notes: text,
    customerId,
    userId: 'system',
    automatic: true,
    staff: { email: caller.email, name: caller.name },
    createdDate: at,
    updatedDate: at,
  };
}

/** MongoDB's (and FerretDB's) duplicate-key code. */
const DUPLICATE_KEY = 11000;

/** `insertMany`, unordered, where duplicates of documents already stored count as written. */
async function insertOnce<T extends Document>(col: Collection<T>, docs: OptionalUnlessRequiredId<T>[]) {
  if (docs.length === 0) return;
  try {
    await col.insertMany(docs, { ordered: false });
  } catch (err) {
    const writeErrors = (err as { writeErrors?: { code?: number }[] | { code?: number } }).writeErrors;
    const list = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
    if (err instanceof MongoBulkWriteError && list.length > 0 && list.every((e) => e.code === DUPLICATE_KEY))
      return;
    throw err;
  }
}

function revive(raw: string): TransactionDoc {
  const doc = JSON.parse(raw) as TransactionDoc;
  return { ...doc, startDate: new Date(doc.startDate), createdDate: new Date(doc.createdDate) };
}

export const recordsPlugin = fp(
  async (app: FastifyInstance, opts: { instance: string; prefix: string; recoverAfterMs: number }) => {
    const records = new Records(app.mongo, app.redis, opts.prefix, opts.instance);
    await records.ensureIndexes().catch((err) => app.log.warn({ err }, 'indexes not created'));
    void records.fillRecentFailed(app.log);
    app.decorate('records', records);
    const sweep = () =>
      records
        .recover(opts.recoverAfterMs)
        .then((n) => n && app.log.warn({ recovered: n }, 'transactions left in flight by a stopped instance'))
        .catch((err) => app.log.warn({ err }, 'in-flight sweep failed'));
    void sweep();
    const timer = setInterval(sweep, opts.recoverAfterMs);
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'records', dependencies: ['mongo', 'redis'] },
);
