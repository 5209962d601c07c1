import { type AuthUserDoc, COLLECTIONS, type UserAuthData, type UserDoc } from '@console/contracts';
import type { Collection, Db } from 'mongodb';
import type pg from 'pg';

type SmartUser = UserAuthData['smartUsers']['byEmail'][number];
type ConnectUser = UserAuthData['connectUserData'][number];

const smart = (u: UserDoc): SmartUser => ({ userId: u.userId, email: u.email, rootGroupIds: u.rootGroupIds });

/**
 * Customers' auth records (`authusers`) and what they link to: the Gen2 smart users (`users`, by
 * user id and by e-mail) and the Gen1 connect users (Postgres `users`). Support notes about a
 * change go to `supportnotes`, where both support screens read them.
 */
export class AuthUsersStore {
  private readonly authUsers: Collection<AuthUserDoc>;
  private readonly users: Collection<UserDoc>;
  private readonly notes: Collection;
  private readonly pool: pg.Pool;

  constructor(db: Db, pool: pg.Pool) {
    this.authUsers = db.collection<AuthUserDoc>(COLLECTIONS.authUsers);
    this.users = db.collection<UserDoc>(COLLECTIONS.users);
    this.notes = db.collection(COLLECTIONS.supportNotes);
    this.pool = pool;
  }

  /** By e-mail (anything with an @, case-insensitive) or by user id. */
  find(term: string): Promise<AuthUserDoc | null> {
    const t = term.trim();
    const q = t.includes('@') ? { email: t.toLowerCase() } : { userId: t };
    return this.authUsers.findOne(q, { projection: { _id: 0 } });
  }

  async relations(user: AuthUserDoc): Promise<Omit<UserAuthData, 'authUser' | 'legacy'>> {
    const [byUserId, byEmail, connect] = await Promise.all([
      this.users.find({ userId: user.userId }).limit(20).toArray(),
      this.users.find({ email: user.email }).limit(20).toArray(),
      this.connectUsers(user),
    ]);
    return {
      smartUsers: { byUserId: byUserId.map(smart), byEmail: byEmail.map(smart) },
      connectUserData: connect,
    };
  }

  /** Gen1 accounts by the legacy link or the e-mail; none where this database holds no Gen1 data. */
  private async connectUsers(user: AuthUserDoc): Promise<ConnectUser[]> {
    const legacyId = user.legacy?.user_id ?? null;
    try {
      const { rows } = await this.pool.query<ConnectUser['user']>(
        `select user_id::text as user_id, email, username, name from users
          where lower(email) = $1 or ($2::bigint is not null and user_id = $2::bigint)
          order by user_id limit 20`,
        [user.email, legacyId && /^[0-9]+$/.test(legacyId) ? legacyId : null],
      );
      return rows.map((u) => ({ user: u }));
    } catch (err) {
      if ((err as { code?: string }).code === '42P01') return []; // no Gen1 tables here
      throw err;
    }
  }

  async setRoles(userId: string, roles: string[], now: Date): Promise<void> {
    await this.authUsers.updateOne({ userId }, { $set: { roles, modified: now } });
  }

  async clearLegacy(userId: string, now: Date): Promise<boolean> {
    const r = await this.authUsers.updateOne({ userId }, { $set: { legacy: null, modified: now } });
    return r.matchedCount > 0;
  }

  async remove(userId: string): Promise<boolean> {
    return (await this.authUsers.deleteMany({ userId })).deletedCount > 0;
  }

  /** An automatic support note on the customer, by the staff user who acted. */
  async note(customerId: string, staffEmail: string, text: string, now: Date): Promise<void> {
    await this.notes.insertOne({
      notes: text,
      customerId,
      userId: staffEmail,
      automatic: true,
      createdDate: now,
      updatedDate: now,
    });
  }
}
