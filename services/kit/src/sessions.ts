import { randomBytes } from 'node:crypto';
import type { Role } from '@console/contracts';
import type { Redis } from 'ioredis';

export interface SessionRecord {
  userId: string;
  email: string;
  name: string;
  roles: Role[];
  createdAt: number;
  /** After this instant (ms) the session is over, however active it has been. */
  expiresAt: number;
}

export interface SessionLimits {
  idleSeconds: number;
  absoluteSeconds: number;
}

/**
 * Server-side sessions in Redis, shared by the auth service (which opens and ends them) and the
 * gateway (which reads them on every request). A session ends after `idleSeconds` without use
 * or `absoluteSeconds` after it opened; ending it deletes the key, so the next request fails.
 */
export class SessionStore {
  private readonly redis: Redis;
  private readonly limits: SessionLimits;
  private readonly prefix: string;
  constructor(redis: Redis, limits: SessionLimits, prefix = 'console') {
    this.prefix = prefix;
    this.redis = redis;
    this.limits = limits;
  }

  /**
   * The Redis pub/sub channel on which every ended session id is announced (a JSON array), so that
   * the gateway closes that session's live sockets at once instead of at its next periodic check.
   */
  get endedChannel(): string {
    return `${this.prefix}:sess:ended`;
  }

  /**
   * The channel on which sessions whose roles (or name, e-mail) changed are announced (a JSON array
   * of session ids), so the gateway re-applies roles to their live sockets at once (issue 29 §7).
   */
  get changedChannel(): string {
    return `${this.prefix}:sess:changed`;
  }

  private announce(sids: string[]): Promise<unknown> {
    return this.redis.publish(this.endedChannel, JSON.stringify(sids)).catch(() => undefined);
  }

  private key(sid: string) {
    return `${this.prefix}:sess:${sid}`;
  }
  private userKey(userId: string) {
    return `${this.prefix}:usess:${userId}`;
  }

  async open(user: Omit<SessionRecord, 'createdAt' | 'expiresAt'>): Promise<string> {
    const sid = randomBytes(24).toString('base64url');
    const now = Date.now();
    const record: SessionRecord = {
      ...user,
      createdAt: now,
      expiresAt: now + this.limits.absoluteSeconds * 1000,
    };
    await this.redis
      .multi()
      .set(this.key(sid), JSON.stringify(record), 'EX', this.ttl(record))
      .sadd(this.userKey(user.userId), sid)
      .expire(this.userKey(user.userId), this.limits.absoluteSeconds)
      .exec();
    return sid;
  }

  /** The live session, its idle timer restarted; null when it has ended. */
  async use(sid: string): Promise<SessionRecord | null> {
    const key = this.key(sid);
    // One round trip on every request: the read and the idle timer's restart go out together (on a
    // key that is gone the EXPIRE does nothing). A session within its last idle period gets its
    // shorter lifetime in a second step; its absolute end is checked on every read regardless.
    const [raw] = await Promise.all([this.redis.get(key), this.redis.expire(key, this.limits.idleSeconds)]);
    if (!raw) return null;
    const record = JSON.parse(raw) as SessionRecord;
    const ttl = this.ttl(record);
    if (ttl <= 0) {
      await this.end(sid, record.userId);
      return null;
    }
    if (ttl < this.limits.idleSeconds) await this.redis.expire(key, ttl);
    return record;
  }

  async end(sid: string, userId?: string): Promise<void> {
    const uid = userId ?? (await this.peek(sid))?.userId;
    const m = this.redis.multi().del(this.key(sid));
    if (uid) m.srem(this.userKey(uid), sid);
    await m.exec();
    await this.announce([sid]);
  }

  /** Ends every session of a user, optionally sparing one (the one changing its own password). */
  async endAllFor(userId: string, except?: string): Promise<number> {
    const sids = await this.redis.smembers(this.userKey(userId));
    const doomed = sids.filter((s) => s !== except);
    if (doomed.length === 0) return 0;
    await this.redis
      .multi()
      .del(...doomed.map((s) => this.key(s)))
      .srem(this.userKey(userId), ...doomed)
      .exec();
    await this.announce(doomed);
    return doomed.length;
  }

  /** Carries a name or role change into the user's open sessions without signing them out. */
  async updateUser(
    userId: string,
    patch: Partial<Pick<SessionRecord, 'email' | 'name' | 'roles'>>,
  ): Promise<void> {
    const changed: string[] = [];
    for (const sid of await this.redis.smembers(this.userKey(userId))) {
      const record = await this.peek(sid);
      if (!record) continue;
      const ttl = await this.redis.ttl(this.key(sid));
      if (ttl <= 0) continue;
      await this.redis.set(this.key(sid), JSON.stringify({ ...record, ...patch }), 'EX', ttl);
      changed.push(sid);
    }
    if (changed.length > 0)
      await this.redis.publish(this.changedChannel, JSON.stringify(changed)).catch(() => undefined);
  }

  private async peek(sid: string): Promise<SessionRecord | null> {
    const raw = await this.redis.get(this.key(sid));
    return raw ? (JSON.parse(raw) as SessionRecord) : null;
  }

  private ttl(record: SessionRecord): number {
    const remaining = Math.floor((record.expiresAt - Date.now()) / 1000);
    return Math.min(this.limits.idleSeconds, remaining);
  }
}
