import { allows, LIVE_TOPIC_ACCESS, STAFF_ACCESS_AUDIT } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import type { LiveConnection } from './connection.ts';
import type { LiveFanout } from './fanout.ts';
import { kindOf } from './topics.ts';

export const SESSION_ENDED_CODE = 4401;
export const SESSION_ENDED = 'Your session has ended; please sign in again.';
export const NOT_YOUR_TOPIC = 'Your roles do not include this live topic.';
// setTimeout takes at most a signed 32-bit delay; longer ones fire at once.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/**
 * Ends the live sockets of ended sessions. Every session the kit's store ends (logout, revocation,
 * password change, disabled user) is announced on Redis pub/sub and closes its sockets at once; a
 * role change an admin makes is announced the same way (and by auth's `audit.staff-access` record on
 * NATS) and drops, at once, the topics the roles no longer allow; a session reaching its absolute end closes them by a timer; the periodic check is
 * the safety net (a missed announcement).
 */
export async function watchSessionEnds(app: FastifyInstance, live: LiveFanout, checkMs: number) {
  // Its own connection (a subscriber can do nothing else), queueing until connected.
  const listener = app.redis.duplicate({ enableOfflineQueue: true });
  listener.on('error', (err) => app.log.warn({ err }, 'session-end listener'));
  await listener.subscribe(app.sessions.endedChannel, app.sessions.changedChannel);
  listener.on('message', (channel: string, raw: string) => {
    let sids: Set<string>;
    try {
      sids = new Set(JSON.parse(raw) as string[]);
    } catch {
      return;
    }
    const ended = channel === app.sessions.endedChannel;
    for (const conn of live.connections) {
      if (!sids.has(conn.caller.sessionId)) continue;
      if (ended) conn.close(SESSION_ENDED_CODE, SESSION_ENDED);
      else void recheck(conn);
    }
  });

  /** Re-reads the socket's session: closes it when ended, and drops topics its roles no longer allow. */
  const recheck = async (conn: LiveConnection) => {
    const record = await app.sessions.use(conn.caller.sessionId).catch(() => undefined);
    if (record === null) conn.close(SESSION_ENDED_CODE, SESSION_ENDED);
    if (!record) return;
    // Roles changed by an admin apply to open subscriptions too.
    conn.caller = { ...conn.caller, roles: record.roles };
    for (const name of [...conn.watchers.keys()]) {
      const kind = kindOf(name);
      if (kind && allows(LIVE_TOPIC_ACCESS[kind], record.roles)) continue;
      live.unsubscribe(conn, name);
      conn.send({ type: 'error', topic: name, statusCode: 403, message: NOT_YOUR_TOPIC });
    }
  };

  // Auth's record of a changed staff user (roles, disabled, deleted, revoked) on NATS: that user's
  // sockets are re-checked at once, whichever announcement arrives first.
  const changes = app.nats.subscribe(app.subjects.audit(STAFF_ACCESS_AUDIT), {
    callback: (_err, m) => {
      let staffUserId: unknown;
      try {
        staffUserId = m.json<{ staffUserId?: unknown }>().staffUserId;
      } catch {
        return;
      }
      for (const conn of live.connections) if (conn.caller.userId === staffUserId) void recheck(conn);
    },
  });

  const check = setInterval(async () => {
    for (const conn of live.connections) await recheck(conn);
  }, checkMs);
  check.unref();

  app.addHook('onClose', async () => {
    clearInterval(check);
    changes.unsubscribe();
    listener.disconnect();
  });
}

/** Closes the socket when its session reaches its absolute end. */
export async function closeAtSessionEnd(app: FastifyInstance, conn: LiveConnection): Promise<void> {
  const record = await app.sessions.use(conn.caller.sessionId).catch(() => undefined);
  if (record === undefined) return; // Redis away: the periodic check decides later
  const left = record ? record.expiresAt - Date.now() : 0;
  if (left > LONGEST_TIMER_MS) return;
  const timer = setTimeout(() => conn.close(SESSION_ENDED_CODE, SESSION_ENDED), Math.max(0, left));
  timer.unref();
  conn.socket.once('close', () => clearTimeout(timer));
}
