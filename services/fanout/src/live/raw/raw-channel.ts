import { randomUUID } from 'node:crypto';
import {
  allows,
  type HubMessage,
  liveTopics,
  operationById,
  RAW_SERVER_TARGET,
  RAW_TEXT,
  type RawCustomer,
  type RawFrame,
  type RawSendResult,
  type RawServerFrame,
  rawAccess,
  SOCKET_CHANNEL_OPERATIONS,
  serverReply,
  type TokenIntrospection,
} from '@console/contracts';
import { instanceId } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import type { FanoutConfig } from '../../config.ts';
import type { LiveConnection } from '../connection.ts';
import { TokenBucket } from '../token-bucket.ts';
import { Link2Hub } from './link2.ts';
import { frameFacts, link2Facts, RawAudit } from './raw-audit.ts';
import { checkFrame, describe, toOf, transactionIdOf } from './raw-frames.ts';

const rawSend = operationById('hub-control.rawSend');
const introspect = operationById('auth.tokenIntrospect');

/** What the socket asked the channel operations to watch: done by the live fan-out of this socket. */
/** What a channel operation watches: one hub, or (null) every hub. */
export type WatchHub = (conn: LiveConnection, hubId: string | null, on: boolean, ip: string) => Promise<void>;

interface PerSocket {
  bucket: TokenBucket;
  /** The address the socket's frames come from, for the audit of its Link2 close. */
  ip: string;
  link2: Link2Hub | null;
  /** A user channel's customer, once its token is authenticated: its messages are the customer's. */
  customer: RawCustomer | null;
}

/**
 * The raw channel of the engineering consoles on `/ws`: each frame is size-capped, schema-checked
 * against the hub message envelope, rate-limited per socket and per user, and role-checked for its
 * operation before anything is sent; then forwarded (with the caller's signed assertion) to
 * hub-control, which checks the role again, sends once and audits. Replies keep the transactionId;
 * a timeout comes back as outcome unknown. A Link2 page's socket becomes a hub (`link2.ts`).
 */
export class RawChannel {
  private readonly sockets = new WeakMap<LiveConnection, PerSocket>();
  private readonly users = new Map<string, { bucket: TokenBucket; sockets: number }>();
  private readonly link2s = new Set<Link2Hub>();
  private readonly app: FastifyInstance;
  private readonly config: FanoutConfig;
  private readonly watch: WatchHub;
  private readonly workerId: string;
  private readonly audit: RawAudit;

  constructor(app: FastifyInstance, config: FanoutConfig, watch: WatchHub) {
    this.app = app;
    this.audit = new RawAudit(app);
    this.config = config;
    this.watch = watch;
    this.workerId = `fanout-${instanceId(process.env.INSTANCE_ID ?? '')}`;
  }

  /** Is this parsed frame one of the raw channel's (by its type)? */
  static claims(parsed: unknown): boolean {
    const type = (parsed as { type?: unknown } | null)?.type;
    return (
      typeof type === 'string' && (type === 'raw' || type.startsWith('link2-') || type.startsWith('user-'))
    );
  }

  open(conn: LiveConnection) {
    const c = this.config;
    this.sockets.set(conn, {
      bucket: new TokenBucket(c.RAW_PER_SOCKET_PER_SECOND, c.RAW_PER_SOCKET_BURST),
      ip: '',
      link2: null,
      customer: null,
    });
    const user = this.users.get(conn.caller.userId);
    if (user) user.sockets += 1;
    else
      this.users.set(conn.caller.userId, {
        bucket: new TokenBucket(c.RAW_PER_USER_PER_SECOND, c.RAW_PER_USER_BURST),
        sockets: 1,
      });
  }

  close(conn: LiveConnection) {
    const s = this.sockets.get(conn);
    if (!s) return;
    this.sockets.delete(conn);
    this.closeLink2(conn, s, 'disconnect');
    const user = this.users.get(conn.caller.userId);
    if (user && --user.sockets <= 0) this.users.delete(conn.caller.userId);
  }

  shutdown() {
    for (const hub of this.link2s) hub.close('shutdown');
    this.link2s.clear();
  }

  /** One raw frame of `bytes` bytes. Never throws: every refusal is a `raw-reply` with a status. */
  async handle(conn: LiveConnection, bytes: number, parsed: unknown, ip: string): Promise<void> {
    const s = this.sockets.get(conn);
    if (!s) return;
    s.ip = ip;
    const tx = transactionIdOf(parsed);
    const to = toOf(parsed);
    const refuse = (statusCode: number, error: string) =>
      this.reply(conn, { type: 'raw-reply', to, transactionId: tx, outcome: 'refused', statusCode, error });
    // A frame refused as it arrives is audited with what it says of itself.
    const refuseAudited = (statusCode: number, error: string, cut = false) => {
      const facts = { target: to, ...frameFacts(parsed), transactionId: tx ?? 0 };
      const audited = { ...facts, outcome: 'refused' as const, statusCode, detail: { error } };
      if (cut) this.audit.cut(conn, conn.caller, ip, audited);
      else this.audit.record(conn.caller, ip, audited);
      refuse(statusCode, error);
    };
    // Metered before anything is parsed further: a flood of bad frames costs as little as good ones.
    if (!s.bucket.take()) return refuseAudited(429, RAW_TEXT.tooFastSocket(s.bucket.perSecond), true);
    const user = this.users.get(conn.caller.userId);
    if (user && !user.bucket.take())
      return refuseAudited(429, RAW_TEXT.tooFastUser(user.bucket.perSecond), true);
    if (bytes > this.config.RAW_MAX_BYTES)
      return refuseAudited(413, RAW_TEXT.tooBig(bytes, this.config.RAW_MAX_BYTES));
    if (!checkFrame.Check(parsed)) return refuseAudited(400, describe(parsed));
    const frame = parsed;
    if (frame.type === 'raw') return this.send(conn, s, frame, ip, refuse);
    if (!allows(['dev'], conn.caller.roles)) return refuseAudited(403, RAW_TEXT.role);
    if (frame.type === 'user-auth') return this.userAuth(conn, s, frame, ip, refuse);
    if (frame.type === 'user-close') {
      s.customer = null;
      return this.reply(conn, { type: 'user-closed', reason: RAW_TEXT.userClosed });
    }
    if (frame.type === 'link2-open') {
      if (s.link2) return refuseAudited(409, RAW_TEXT.link2Twice);
      const { type: _t, ...settings } = frame;
      const hub = new Link2Hub(conn, settings, {
        nc: this.app.nats,
        subjects: this.app.subjects,
        workerId: this.workerId,
        refreshMs: this.config.LINK2_PRESENCE_REFRESH_S * 1000,
        pendingMs: this.config.LINK2_PENDING_MS,
        log: this.app.log,
      });
      s.link2 = hub;
      this.link2s.add(hub);
      this.app.log.info({ userId: conn.caller.userId, hubId: hub.hubId }, 'Link2 page opened as a hub');
      this.audit.record(conn.caller, ip, link2Facts(hub.hubId, 'open', 'reply', null));
      return this.reply(conn, { type: 'link2-opened', hubId: hub.hubId, handlerId: hub.handlerId });
    }
    if (frame.type === 'link2-close') {
      this.closeLink2(conn, s, 'close');
      return this.reply(conn, { type: 'link2-closed', reason: 'Closed by the page.' });
    }
    if (!s.link2) return refuseAudited(409, RAW_TEXT.link2NotOpen);
    const refused = s.link2.say(frame.message);
    const m = frame.message;
    this.audit.record(conn.caller, ip, {
      target: `link2:${s.link2.hubId}`,
      class: m.class,
      operation: m.operation,
      direction: m.direction,
      transactionId: m.transactionId,
      outcome: refused ? 'refused' : 'reply',
      statusCode: refused ? 409 : null,
      ...(refused ? { detail: { error: refused } } : {}),
    });
    if (refused) return refuse(409, refused);
  }

  /**
   * A user channel authenticates with a customer's token: checked by the auth service (signature,
   * expiry, and the stored token still active), then every raw message of this socket is sent as
   * that customer until `user-close` or the socket ends.
   */
  private async userAuth(
    conn: LiveConnection,
    s: PerSocket,
    { token, admin }: Extract<RawFrame, { type: 'user-auth' }>,
    ip: string,
    refuse: (statusCode: number, error: string) => void,
  ) {
    s.customer = null;
    const answer = await this.app.forward(introspect, {
      requestId: randomUUID(),
      caller: conn.caller,
      ip,
      params: {},
      query: {},
      body: { token },
    });
    // The auth service down is said as such; a token it cannot read is a failed token.
    if (!answer.ok && answer.error.statusCode >= 500)
      return refuse(answer.error.statusCode, answer.error.message);
    const t = answer.ok ? (answer.data as TokenIntrospection) : null;
    const userId = typeof t?.claims.sub === 'string' ? t.claims.sub : '';
    if (t?.signature !== 'valid' || t.expired !== false || t.stored !== 'active' || !userId) {
      const attempt = { class: 'user', operation: 'auth', direction: 'request' as const, transactionId: 0 };
      this.auditRefusal(conn, ip, RAW_TEXT.userAuthFailed, attempt, 401);
      return refuse(401, RAW_TEXT.userAuthFailed);
    }
    const who = {
      userId: userId.slice(0, 100),
      email: (typeof t.claims.email === 'string' ? t.claims.email : '').slice(0, 254),
    };
    if (admin) {
      // The admin channel: an admin's token authenticates it; its messages stay the engineer's.
      const roles = Array.isArray(t.claims.roles) ? t.claims.roles : [];
      if (!roles.includes('admin')) return refuse(403, RAW_TEXT.notAdminToken);
      return this.reply(conn, { type: 'user-authed', ...who, admin: true });
    }
    s.customer = who;
    this.reply(conn, { type: 'user-authed', ...who });
  }

  private async send(
    conn: LiveConnection,
    s: PerSocket,
    frame: Extract<RawFrame, { type: 'raw' }>,
    ip: string,
    refuse: (statusCode: number, error: string) => void,
  ) {
    const { to, message } = frame;
    // The command waterfall: the page's id for this send (schema-checked) or one of ours, and when
    // the gateway accepted it; both go to hub-control as NATS headers and the id comes back.
    const correlationId = frame.correlationId ?? randomUUID();
    const acceptedAt = Date.now();
    if (!allows(rawAccess(to, message.class, message.operation), conn.caller.roles)) {
      this.auditRefusal(conn, ip, to, message, 403);
      return refuse(403, RAW_TEXT.role);
    }
    if (
      !s.customer &&
      to === RAW_SERVER_TARGET &&
      message.class === 'channels' &&
      SOCKET_CHANNEL_OPERATIONS.includes(message.operation)
    )
      return this.channelOp(conn, message, ip, refuse);
    const answer = await this.app.forward(
      rawSend,
      {
        requestId: randomUUID(),
        caller: conn.caller,
        ip,
        params: {},
        query: {},
        body: s.customer ? { to, message, customer: s.customer } : { to, message },
      },
      { correlationId, acceptedAt },
    );
    if (!answer.ok) {
      const { statusCode, message: text } = answer.error;
      if (statusCode === 504)
        return this.reply(conn, {
          type: 'raw-reply',
          to,
          transactionId: message.transactionId,
          correlationId,
          outcome: 'timeout',
          statusCode,
          error: text,
        });
      return refuse(statusCode, text);
    }
    const r = answer.data as RawSendResult;
    this.reply(conn, {
      type: 'raw-reply',
      to,
      transactionId: message.transactionId,
      correlationId,
      outcome: r.outcome,
      durationMs: r.durationMs,
      ...(r.error ? { error: r.error } : {}),
      ...(r.message ? { message: r.message as HubMessage } : {}),
    });
  }

  /** channels subscribe / unsubscribe (payload linkId): this socket starts or stops watching the hub. */
  private async channelOp(
    conn: LiveConnection,
    m: HubMessage,
    ip: string,
    refuse: (s: number, e: string) => void,
  ) {
    const facts = {
      target: RAW_SERVER_TARGET,
      class: m.class,
      operation: m.operation,
      direction: m.direction,
    };
    const audit = (linkId: string | null, statusCode: number | null) =>
      this.audit.record(conn.caller, ip, {
        ...facts,
        transactionId: m.transactionId,
        outcome: statusCode ? 'refused' : 'reply',
        statusCode,
        detail: linkId === null ? { hubs: 'all' } : { linkId },
      });
    if (m.operation === 'subscribe-all' || m.operation === 'unsubscribe-all') {
      await this.watch(conn, null, m.operation === 'subscribe-all', ip);
      audit(null, null);
      return this.reply(conn, {
        type: 'raw-reply',
        to: RAW_SERVER_TARGET,
        transactionId: m.transactionId,
        outcome: 'reply',
        message: serverReply(m, { topic: liveTopics.hubs() }),
      });
    }
    const linkId = String((m.items[0]?.payload as { linkId?: unknown } | undefined)?.linkId ?? '');
    if (!/^[0-9]{1,16}$/.test(linkId)) {
      audit(linkId.slice(0, 20), 400);
      return refuse(400, 'No selected Link.');
    }
    await this.watch(conn, linkId, m.operation === 'subscribe', ip);
    audit(linkId, null);
    const answer = serverReply(m, { linkId: Number(linkId), topic: liveTopics.hub(linkId) });
    this.reply(conn, {
      type: 'raw-reply',
      to: RAW_SERVER_TARGET,
      transactionId: m.transactionId,
      outcome: 'reply',
      message: answer,
    });
  }

  /**
   * A message the gateway refuses for the engineer's roles, or a customer token that fails, is
   * audited here (it never reaches hub-control, which audits everything else).
   */
  private auditRefusal(
    conn: LiveConnection,
    ip: string,
    target: string,
    m: Pick<HubMessage, 'class' | 'operation' | 'direction' | 'transactionId'>,
    statusCode: number,
  ) {
    const { class: cls, operation, direction, transactionId } = m;
    const facts = { target, class: cls, operation, direction, transactionId };
    this.audit.record(conn.caller, ip, { ...facts, outcome: 'refused', statusCode });
  }

  private closeLink2(conn: LiveConnection, s: PerSocket, reason: string) {
    if (!s.link2) return;
    this.audit.record(conn.caller, s.ip, {
      ...link2Facts(s.link2.hubId, 'close', 'reply', null),
      detail: { reason },
    });
    s.link2.close(reason);
    this.link2s.delete(s.link2);
    s.link2 = null;
  }

  private reply(conn: LiveConnection, frame: RawServerFrame) {
    conn.sendEvents(JSON.stringify(frame));
  }

  /** For the services view and tests: Link2 pages held by this instance. */
  link2Count(): number {
    return this.link2s.size;
  }
}
