import {
  CLIENT_PLATFORMS_LIVE,
  type ClientPlatform,
  type ClientPresence,
  type Subjects,
} from '@console/contracts';
import type { NatsConnection } from '@nats-io/nats-core';
import type { Random } from './random.ts';

interface Session {
  clientId: string;
  userId: string;
  platform: ClientPlatform;
  connected: boolean;
  saidAt: number;
}

/**
 * Customers' clients — the app, the web console, voice agents — coming and going, as the cloud's
 * connection workers announce them (`client.<platform>.<clientId>.presence`): each session
 * connects or leaves about once every `meanStayMs`, and a connected one re-announces itself every
 * `refreshMs`. The Support Plus overview counts the live users by platform from them.
 */
export class ClientSessions {
  private readonly sessions: Session[];
  private readonly nc: NatsConnection;
  private readonly subjects: Subjects;
  private readonly rnd: Random;
  private readonly meanStayMs: number;
  private readonly refreshMs: number;

  constructor(
    nc: NatsConnection,
    subjects: Subjects,
    rnd: Random,
    opts: {
      count: number;
      seed: number;
      meanStayMs: number;
      refreshMs: number;
      /** The customers the sessions belong to (the world's); made-up ids when none are given. */
      userIds?: readonly string[];
    },
  ) {
    this.nc = nc;
    this.subjects = subjects;
    this.rnd = rnd;
    this.meanStayMs = opts.meanStayMs;
    this.refreshMs = opts.refreshMs;
    this.sessions = Array.from({ length: opts.count }, (_, i) => ({
      clientId: `sim-${opts.seed}-${i}`,
      userId: opts.userIds?.length
        ? (opts.userIds[i % opts.userIds.length] as string)
        : `sim-user-${opts.seed}-${i % Math.max(1, Math.ceil(opts.count / 2))}`,
      platform: CLIENT_PLATFORMS_LIVE[i % CLIENT_PLATFORMS_LIVE.length] as ClientPlatform,
      connected: false,
      saidAt: 0,
    }));
  }

  /** Half of them connect at once. */
  start(now: number): void {
    for (const s of this.sessions) if (this.rnd() < 0.5) this.say(s, true, now);
  }

  tick(elapsedMs: number, now: number): void {
    const flip = elapsedMs / this.meanStayMs;
    for (const s of this.sessions) {
      if (this.rnd() < flip) this.say(s, !s.connected, now);
      else if (s.connected && now - s.saidAt >= this.refreshMs) this.say(s, true, now);
    }
  }

  /** Everyone leaves (the simulator stopping). */
  stop(now: number): void {
    for (const s of this.sessions) if (s.connected) this.say(s, false, now);
  }

  get connected(): number {
    return this.sessions.filter((s) => s.connected).length;
  }

  private say(s: Session, connected: boolean, now: number): void {
    s.connected = connected;
    s.saidAt = now;
    const p: ClientPresence = {
      clientId: s.clientId,
      userId: s.userId,
      platform: s.platform,
      connected,
      at: now,
    };
    this.nc.publish(this.subjects.clientPresence(s.platform, s.clientId), JSON.stringify(p));
  }
}
