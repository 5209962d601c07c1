import { ApiError, staffOf, TIMELINE, TIMELINE_TEXT, timelineOperations } from '@console/contracts';
import { callerOf, defineHandlers, recordAudit } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { ObjectId } from 'mongodb';
import type { AnnotationDoc } from './timeline.ts';

const listOf = (v: string | undefined) =>
  v
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The hub timeline and its annotations (issue 17): a paged read, and audited create / delete. */
export function timelineHandlers(app: FastifyInstance) {
  return defineHandlers(timelineOperations, {
    'hub-control.hubTimeline': async (ctx) => {
      const q = ctx.query;
      if (q.before !== undefined && q.after !== undefined)
        throw new ApiError(400, 'Ask for entries before a cursor or after one, not both.');
      const focus =
        q.seq !== undefined || q.at !== undefined || q.epoch !== undefined
          ? { epoch: q.epoch, seq: q.seq, at: q.at }
          : undefined;
      if (q.only === 'stream' && (q.before !== undefined || q.after !== undefined || focus))
        throw new ApiError(400, 'Only the newest entries are read from the hub stream alone.');
      return app.timeline.page({
        hubId: Number(ctx.params.hubId),
        before: q.before,
        after: q.after,
        limit: q.limit ?? TIMELINE.pageDefault,
        filter: {
          clientTypes: listOf(q.clientTypes),
          classes: listOf(q.classes),
          operations: listOf(q.operations),
          text: q.text,
        },
        ...(focus ? { focus } : {}),
        ...(q.only === 'stream' ? { streamOnly: true } : {}),
      });
    },

    'hub-control.timelineAnnotate': async (ctx) => {
      const caller = callerOf(ctx);
      const { from, to } = ctx.body;
      const text = ctx.body.text.trim();
      if (to < from || to - from > TIMELINE.annotationMaxSpanMs)
        throw new ApiError(400, TIMELINE_TEXT.badRange);
      const doc: AnnotationDoc = {
        _id: new ObjectId(),
        hubId: Number(ctx.params.hubId),
        from: new Date(from),
        to: new Date(to),
        text,
        staff: staffOf(caller),
        createdDate: new Date(),
      };
      await app.timeline.annotations.insertOne(doc);
      try {
        await recordAudit(app, 'timeline-annotation', caller, {
          action: 'create',
          hubId: doc.hubId,
          annotationId: doc._id.toHexString(),
          from,
          to,
          text,
        });
      } catch (err) {
        // Unrecorded is not allowed: take it back and say so.
        await app.timeline.annotations.deleteOne({ _id: doc._id }).catch(() => undefined);
        ctx.log.warn({ err }, 'annotation audit failed');
        throw new ApiError(
          503,
          'The annotation could not be recorded in the audit trail; it was not kept. Try again.',
        );
      }
      return {
        id: doc._id.toHexString(),
        hubId: doc.hubId,
        from,
        to,
        text,
        author: caller.email,
        createdAt: doc.createdDate.getTime(),
      };
    },

    'hub-control.timelineAnnotationDelete': async (ctx) => {
      const caller = callerOf(ctx);
      if ((ctx.body.confirmation ?? '').trim().toLowerCase() !== TIMELINE.annotationDeleteConfirmation)
        throw new ApiError(400, TIMELINE_TEXT.wrongConfirmation);
      const hubId = Number(ctx.params.hubId);
      const _id = new ObjectId(ctx.params.id);
      const doc = await app.timeline.annotations.findOne({ _id, hubId });
      if (!doc) throw new ApiError(404, TIMELINE_TEXT.noAnnotation);
      // Recorded first: a delete that cannot be audited does not happen.
      await recordAudit(app, 'timeline-annotation', caller, {
        action: 'delete',
        hubId,
        annotationId: ctx.params.id,
        from: doc.from.getTime(),
        to: doc.to.getTime(),
        text: doc.text,
        author: doc.staff.email,
      });
      const r = await app.timeline.annotations.deleteOne({ _id, hubId });
      return { deleted: r.deletedCount === 1 };
    },
  });
}
