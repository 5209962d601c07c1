import { type AccessTokenDoc, type AuthCodeDoc, type AuthRecordRow, COLLECTIONS } from '@console/contracts';
import type { Collection, Db, Filter, ObjectId } from 'mongodb';

export type AuthRecordKind = 'tokens' | 'authcodes';
type Stored = (AccessTokenDoc | AuthCodeDoc) & { _id: ObjectId; tokenId?: string; codeId?: string };

/** What /authManage narrows by: expired before `to` (and at or after `from`), client, user, revoked. */
export interface ExpiredFilter {
  to: Date;
  from?: Date;
  clientId?: string;
  userId?: string;
  includeDeleted: boolean;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function toRow(doc: Stored): AuthRecordRow {
  return {
    id: doc.tokenId ?? doc.codeId ?? String(doc._id),
    client_id_: doc.client_id_,
    user_id_: doc.user_id_,
    created_: doc.created_.toISOString(),
    expires_at_: doc.expires_at_.toISOString(),
    ...('max_age_hours_' in doc && doc.max_age_hours_ !== undefined
      ? { max_age_hours_: doc.max_age_hours_ }
      : {}),
    ...('ei_hours_' in doc && doc.ei_hours_ !== undefined ? { ei_hours_: doc.ei_hours_ } : {}),
    deleted_: iso(doc.deleted_),
  };
}

/**
 * The customer auth server's expired tokens and authorisation codes (`accesstokens`, `authcodes`),
 * read and removed in the order of their expiry. Only an expired record is ever matched: the
 * filter's `to` is capped at now.
 */
export class AuthRecordsStore {
  private readonly collections: Record<AuthRecordKind, Collection<Stored>>;

  constructor(db: Db) {
    this.collections = {
      tokens: db.collection<Stored>(COLLECTIONS.accessTokens),
      authcodes: db.collection<Stored>(COLLECTIONS.authCodes),
    };
  }

  private where(f: ExpiredFilter, now: Date): Filter<Stored> {
    const to = f.to.getTime() < now.getTime() ? f.to : now;
    const q: Record<string, unknown> = { expires_at_: { $lt: to, ...(f.from ? { $gte: f.from } : {}) } };
    if (f.clientId) q.client_id_ = f.clientId;
    if (f.userId) q.user_id_ = f.userId;
    if (!f.includeDeleted) q.deleted_ = null;
    return q as Filter<Stored>;
  }

  count(kind: AuthRecordKind, f: ExpiredFilter, now: Date): Promise<number> {
    return this.collections[kind].countDocuments(this.where(f, now));
  }

  /** `pages` pages of `limit` records from page `page` (1-based). */
  async list(
    kind: AuthRecordKind,
    f: ExpiredFilter,
    now: Date,
    o: { page: number; limit: number; pages: number; reverse: boolean },
  ): Promise<AuthRecordRow[]> {
    const docs = await this.collections[kind]
      .find(this.where(f, now))
      .sort({ expires_at_: o.reverse ? -1 : 1, _id: 1 })
      .skip((o.page - 1) * o.limit)
      .limit(o.limit * o.pages)
      .toArray();
    return docs.map(toRow);
  }

  /** Removes at most `limit` matching records, first in the chosen order; answers how many went. */
  async deleteBatch(
    kind: AuthRecordKind,
    f: ExpiredFilter,
    now: Date,
    o: { limit: number; reverse: boolean },
  ): Promise<{ picked: number; deleted: number }> {
    const coll = this.collections[kind];
    const ids = (
      await coll
        .find(this.where(f, now), { projection: { _id: 1 } })
        .sort({ expires_at_: o.reverse ? -1 : 1, _id: 1 })
        .limit(o.limit)
        .toArray()
    ).map((d) => d._id);
    if (ids.length === 0) return { picked: 0, deleted: 0 };
    const r = await coll.deleteMany({ _id: { $in: ids } } as Filter<Stored>);
    return { picked: ids.length, deleted: r.deletedCount };
  }

  /** Every token and code of one customer (their auth user is being deleted). */
  async removeUser(userId: string): Promise<number> {
    const [a, b] = await Promise.all([
      this.collections.tokens.deleteMany({ user_id_: userId } as Filter<Stored>),
      this.collections.authcodes.deleteMany({ user_id_: userId } as Filter<Stored>),
    ]);
    return a.deletedCount + b.deletedCount;
  }

  async addToken(doc: AccessTokenDoc): Promise<void> {
    await this.collections.tokens.insertOne(doc as Stored);
  }

  async tokenState(tokenId: string): Promise<'active' | 'revoked' | 'not found'> {
    const doc = await this.collections.tokens.findOne({ tokenId } as Filter<Stored>);
    if (!doc) return 'not found';
    return doc.deleted_ ? 'revoked' : 'active';
  }
}
