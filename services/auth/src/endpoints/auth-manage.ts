import {
  ApiError,
  AUTH_DELETE_CONFIRMATION,
  AUTH_MANAGE,
  AUTH_TEXT,
  type AuthManageDeleteQuery,
  type AuthManageResult,
  customerAuthOperations,
} from '@console/contracts';
import { callerOf, defineHandlers, recordAudit } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import type { AuthRecordKind, ExpiredFilter } from '../plugins/customer-auth/records.store.ts';

const kindOf = (op: string): AuthRecordKind =>
  op.toLowerCase().includes('authcode') ? 'authcodes' : 'tokens';

function date(text: string | undefined, field: string): Date | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const d = new Date(text.trim());
  if (Number.isNaN(d.getTime()))
    throw new ApiError(400, `${field} is not a date.`, { [field]: 'not a date' });
  return d;
}

/** The filter every auth-manage call shares; a missing to-date is refused in the specification's words. */
function filterOf(q: Omit<AuthManageDeleteQuery, 'confirm' | 'deleteLimit'>): ExpiredFilter {
  const to = date(q.dateTo, 'dateTo');
  if (!to) throw new ApiError(400, AUTH_TEXT.toDateRequired, { dateTo: AUTH_TEXT.toDateRequired });
  return {
    to,
    from: date(q.dateFrom, 'dateFrom'),
    clientId: q.clientId?.trim() || undefined,
    userId: q.userId?.trim() || undefined,
    includeDeleted: q.includeDeletedData ?? false,
  };
}

/** /authManage (analytics spec §2, §5, §7, §9): count or list expired records; delete them a batch at a time. */
export function authManageHandlers(app: FastifyInstance, now: () => Date = () => new Date()) {
  const { records } = app.customerAuth;
  return defineHandlers(customerAuthOperations, {
    'auth.authManageQuery': async (ctx): Promise<AuthManageResult> => {
      const kind = kindOf(ctx.params.op);
      const filter = filterOf(ctx.query);
      const at = now();
      const page = ctx.query.page ?? 1;
      const limit = ctx.query.queryLimit ?? AUTH_MANAGE.limit;
      const pages = ctx.query.maxPages ?? AUTH_MANAGE.maxPages;
      const count = await records.count(kind, filter, at);
      const rows =
        (ctx.query.countOnly ?? true)
          ? []
          : await records.list(kind, filter, at, {
              page,
              limit,
              pages,
              reverse: ctx.query.order === 'reverse',
            });
      const pagesWithFilteredData = Math.ceil(rows.length / limit);
      return {
        page: page + Math.max(0, pagesWithFilteredData - 1),
        pagesWithFilteredData,
        resultObj: { results: rows.length, errors: [], deleted: 0 },
        count,
        accesstokens: rows,
      };
    },
    'auth.authManageDelete': async (ctx): Promise<AuthManageResult> => {
      const caller = callerOf(ctx);
      if (ctx.query.confirm.trim().toLowerCase() !== AUTH_DELETE_CONFIRMATION)
        throw new ApiError(400, AUTH_TEXT.deleteCancelled);
      const kind = kindOf(ctx.params.op);
      const filter = filterOf(ctx.query);
      const at = now();
      const limit = ctx.query.deleteLimit ?? AUTH_MANAGE.deleteLimit;
      const { picked, deleted } = await records.deleteBatch(kind, filter, at, {
        limit,
        reverse: ctx.query.order === 'reverse',
      });
      const errors: string[] = [];
      // Every batch is in the audit stream, the empty last one too (it is what ended a loop).
      await recordAudit(app, 'auth-manage-delete', caller, {
        collection: kind,
        filter: { ...filter, to: filter.to.toISOString(), from: filter.from?.toISOString() },
        deleteLimit: limit,
        deleted,
      }).catch((err) => {
        ctx.log.error({ err }, 'auth-manage delete batch not in the audit stream');
        errors.push('The batch was deleted but could not be recorded in the audit stream.');
      });
      return {
        page: 1,
        pagesWithFilteredData: 0,
        resultObj: { results: picked, errors, deleted },
        count: await records.count(kind, filter, at),
        accesstokens: [],
      };
    },
  });
}
