import {
  byTimelineOrder,
  COLLECTIONS,
  decodeCursor,
  encodeCursor,
  hubOfSubject,
  newer,
  streamKey,
  streamNames,
  TIMELINE,
  TIMELINE_TEXT,
  type TimelineEntry,
  type TimelineFocus,
  type TimelinePage,
  type TimelinePosition,
} from '@console/contracts';
import { streamEpoch } from '@console/kit';
import { type JetStreamManager, jetstream, jetstreamManager, type StreamInfo } from '@nats-io/jetstream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Collection, Db } from 'mongodb';
import { StoredSources } from './stored-sources.ts';
import { HubStreamSource } from './stream-source.ts';
import {
  type AnnotationDoc,
  cursorOf,
  type Direction,
  focusKey,
  type PageContext,
  type TimelineQuery,
  timelineMatch,
  type Window,
} from './timeline-parts.ts';

export type { AnnotationDoc, TimelineFilter, TimelineQuery } from './timeline-parts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    timeline: HubTimeline;
  }
}

/**
 * A hub's timeline: the hub stream (messages and presence) merged with the stored records
 * (transactions, support notes of its structure, sync updates, firmware queue, annotations) and
 * explicit gap rows where history was not kept. Read-only, FerretDB-safe queries (find with
 * range, sort and limit only).
 */
export class HubTimeline {
  private readonly jsm: JetStreamManager;
  private readonly stream: string;
  private readonly db: Db;
  private readonly presence: FastifyInstance['presence'];
  private readonly hubStream: HubStreamSource;
  private readonly stored: StoredSources;

  constructor(app: FastifyInstance, jsm: JetStreamManager, prefix: string) {
    this.jsm = jsm;
    this.stream = streamNames(prefix).hubMsgs;
    this.db = app.mongo;
    this.presence = app.presence;
    this.hubStream = new HubStreamSource(jetstream(app.nats), jsm, this.stream, app.subjects);
    this.stored = new StoredSources(app.mongo);
  }

  get annotations(): Collection<AnnotationDoc> {
    return this.stored.annotations;
  }

  async ensureIndexes(): Promise<void> {
    await this.annotations.createIndex({ hubId: 1, from: -1 });
  }

  async page(q: TimelineQuery): Promise<TimelinePage> {
    const now = q.now ?? Date.now();
    const from = now - TIMELINE.spanMs;
    if (q.streamOnly) return this.streamPage(q, now, from);
    // Independent: the stream's state and the hub's record (its structure) are asked together.
    const [info, hub] = await Promise.all([
      this.jsm.streams.info(this.stream, { deleted_details: true }),
      this.db.collection(COLLECTIONS.hubs).findOne({ hubId: q.hubId }, { projection: { rootGroupId: 1 } }),
    ]);
    const epoch = streamEpoch(info);
    // The stored hub names its structure; a hub without a record (simulated) says it in its presence.
    const rootGroupId =
      typeof hub?.rootGroupId === 'string'
        ? hub.rootGroupId
        : ((await this.presence.get(q.hubId).catch(() => null))?.rootGroupId ?? null);
    const match = timelineMatch(q.filter);
    const fresh = q.after !== undefined || (q.before === undefined && !q.focus);
    const ctx: PageContext = { hubId: q.hubId, rootGroupId, info, from, now, fresh, match };

    let focus: TimelineFocus | undefined;
    let anchor: TimelinePosition | null = null;
    let focusSeq: number | null = null;
    if (q.focus && (q.focus.seq !== undefined || q.focus.at !== undefined)) {
      const found = await this.locate(q, epoch, info);
      focus = found.focus;
      anchor = found.anchor;
      focusSeq = found.seq;
    }

    if (anchor) {
      // Half the page on each side of the entry the link names (or of the time it was at).
      const half = Math.max(1, Math.floor(q.limit / 2));
      const at = { at: anchor.at, key: anchor.key };
      const older = await this.collect(ctx, {
        cursor: { ...at, key: `${at.key}~` },
        direction: 'older',
        from,
        limit: half,
      });
      const newerPart = await this.collect(ctx, { cursor: at, direction: 'newer', from, limit: half });
      const entries = [...newerPart.entries, ...older.entries];
      if (focus) focus.key = focusKey(entries, focusSeq, anchor.at, focus.state === 'found');
      return {
        entries,
        epoch,
        older: older.exhausted ? null : cursorOf(entries.at(-1)),
        newer: newerPart.exhausted ? null : cursorOf(entries[0]),
        from,
        ...(focus ? { focus } : {}),
      };
    }

    const direction: Direction = q.after !== undefined ? 'newer' : 'older';
    const cursor =
      direction === 'newer'
        ? decodeCursor(q.after as string)
        : q.before !== undefined
          ? decodeCursor(q.before)
          : { at: now + 1, key: '' };
    const part = await this.collect(ctx, { cursor, direction, from, limit: q.limit });
    const entries = part.entries;
    const edge = cursorOf(entries[0]) ?? encodeCursor(cursor);
    return {
      entries,
      epoch,
      older:
        direction === 'older'
          ? part.exhausted
            ? null
            : cursorOf(entries.at(-1))
          : (cursorOf(entries.at(-1)) ?? encodeCursor(cursor)),
      // A page of the newest entries leaves a cursor at its newest: newer ones arrive later.
      newer: direction === 'newer' && part.exhausted && entries.length === 0 ? null : edge,
      from,
      ...(focus ? { focus } : {}),
    };
  }

  /** The newest `limit` entries of the hub stream alone (see `TimelineQuery.streamOnly`). */
  private async streamPage(q: TimelineQuery, now: number, from: number): Promise<TimelinePage> {
    const info = await this.jsm.streams.info(this.stream, { deleted_details: true });
    const ctx: PageContext = {
      hubId: q.hubId,
      rootGroupId: null,
      info,
      from,
      now,
      fresh: true,
      match: timelineMatch(q.filter),
    };
    const w: Window = { cursor: { at: now + 1, key: '' }, direction: 'older', from, limit: q.limit };
    const part = await this.merge(ctx, w, [await this.hubStream.fromStream(ctx, w)]);
    return { entries: part.entries, epoch: streamEpoch(info), older: null, newer: null, from, partial: true };
  }

  /** One page in one direction from every source, merged; newest first. */
  private async collect(
    ctx: PageContext,
    w: Window,
  ): Promise<{ entries: TimelineEntry[]; exhausted: boolean }> {
    if (w.direction === 'older' && w.cursor.at <= ctx.from) return { entries: [], exhausted: true };
    const [stream, stored] = await Promise.all([this.hubStream.fromStream(ctx, w), this.stored.all(ctx, w)]);
    return this.merge(ctx, w, [stream, ...stored]);
  }

  /** The sources' parts of a page, merged: the `limit` nearest beyond the cursor, newest first. */
  private merge(
    ctx: PageContext,
    w: Window,
    parts: TimelineEntry[][],
  ): { entries: TimelineEntry[]; exhausted: boolean } {
    const beyond = (e: TimelineEntry) =>
      w.direction === 'older' ? newer(w.cursor, e) && e.at >= ctx.from : newer(e, w.cursor);
    const all = parts
      .flat()
      .filter(beyond)
      .filter((e) => e.source === 'gap' || ctx.match(e));
    all.sort(byTimelineOrder);
    // Every source returned its `limit` nearest; the merged page is the `limit` nearest of all.
    const taken = w.direction === 'older' ? all.slice(0, w.limit) : all.slice(-w.limit);
    return { entries: taken, exhausted: all.length <= w.limit };
  }

  /** Where a link points: the entry, or why not and the time to open at instead. */
  private async locate(
    q: TimelineQuery,
    epoch: string,
    info: StreamInfo,
  ): Promise<{ focus: TimelineFocus; anchor: TimelinePosition; seq: number | null }> {
    const at = q.focus?.at ?? Date.now();
    const seq = q.focus?.seq;
    if (q.focus?.epoch !== undefined && q.focus.epoch !== epoch)
      return {
        focus: { state: 'epochChanged', message: TIMELINE_TEXT.epochChanged, key: null },
        anchor: { at, key: '~' },
        seq: null,
      };
    if (seq === undefined)
      return { focus: { state: 'time', message: null, key: null }, anchor: { at, key: '~' }, seq: null };
    const stored =
      seq >= info.state.first_seq && seq <= info.state.last_seq
        ? await this.jsm.direct.getMessage(this.stream, { seq }).catch(() => null)
        : null;
    if (!stored)
      return {
        focus: { state: 'removed', message: TIMELINE_TEXT.removed, key: null },
        anchor: { at, key: '~' },
        seq: null,
      };
    if (hubOfSubject(stored.subject) !== String(q.hubId))
      return {
        focus: { state: 'notThisHub', message: TIMELINE_TEXT.notThisHub, key: null },
        anchor: { at: stored.time.getTime(), key: '~' },
        seq: null,
      };
    return {
      focus: { state: 'found', message: null, key: streamKey(seq) },
      anchor: { at: stored.time.getTime(), key: streamKey(seq) },
      seq,
    };
  }
}

export const timelinePlugin = fp(
  async (app: FastifyInstance, opts: { prefix: string }) => {
    const jsm = await jetstreamManager(app.nats);
    const timeline = new HubTimeline(app, jsm, opts.prefix);
    await timeline.ensureIndexes().catch((err) => app.log.warn({ err }, 'annotation index not created'));
    app.decorate('timeline', timeline);
  },
  { name: 'timeline', dependencies: ['mongo', 'presence'] },
);
