import {
  ApiError,
  authOperations,
  type Caller,
  STAFF_ACCESS_AUDIT,
  type StaffUserInput,
} from '@console/contracts';
import { callerOf, defineHandlers, recordAudit } from '@console/kit';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AuthConfig } from '../config.ts';
import { hashPassword } from '../plugins/passwords.ts';
import { normalizeEmail, parseRolesStrict, staffUserProblems } from '../plugins/staff-rules.ts';
import { toStaffUser } from '../plugins/staff-view.ts';
import type { StaffFields } from '../plugins/users.store.ts';

const NO_SUCH_USER = 'No such user.';

/** Checks the admin form; a blank password is allowed only when editing (it keeps the current one). */
function checkInput(input: StaffUserInput, creating: boolean) {
  const keepPassword = !creating && !input.password;
  const fields = staffUserProblems(input, { passwordRequired: !keepPassword });
  const { roles, unknown } = parseRolesStrict(input.roles);
  if (unknown.length) fields.roles = `Unknown role${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`;
  const first = Object.values(fields)[0];
  if (first) throw new ApiError(400, first, fields);
  return { roles, keepPassword };
}

/** Staff user administration (seed 000 `/admin`); the operations table admits admins only. */
export function adminUserHandlers(app: FastifyInstance, config: AuthConfig) {
  /** Audited after the change is stored, so the gateway re-reading the session sees it. */
  const accessChanged = async (
    ctx: { caller: Caller | null; log: FastifyBaseLogger },
    staffUserId: string,
    change: 'update' | 'delete' | 'revoke',
    what: Record<string, unknown>,
  ) => {
    await recordAudit(app, STAFF_ACCESS_AUDIT, ctx.caller, { staffUserId, change, ...what }).catch((err) =>
      ctx.log.error({ err, staffUserId, change }, 'staff access change not audited'),
    );
  };
  return defineHandlers(authOperations, {
    'auth.adminList': async () => {
      const now = new Date();
      return (await app.users.list()).map((row) => toStaffUser(row, now));
    },

    'auth.adminCreate': async (ctx) => {
      const { roles } = checkInput(ctx.body, true);
      const row = await app.users.create({
        name: ctx.body.name.trim(),
        email: normalizeEmail(ctx.body.email),
        passwordHash: await hashPassword(ctx.body.password as string),
        roles,
        active: ctx.body.active ?? true,
        requireOneTimeCode: ctx.body.requireOneTimeCode ?? config.ONE_TIME_CODE_DEFAULT,
      });
      ctx.log.info({ staffUserId: row.id, roles }, 'staff user created');
      return toStaffUser(row);
    },

    'auth.adminUpdate': async (ctx) => {
      const { roles, keepPassword } = checkInput(ctx.body, false);
      const before = await app.users.byId(ctx.params.id);
      if (!before) throw new ApiError(404, NO_SUCH_USER);
      const caller = callerOf(ctx);
      const self = before.id === caller.userId;
      if (self && ctx.body.active === false) throw new ApiError(400, 'You cannot deactivate yourself.');
      const patch: Partial<StaffFields> = {
        name: ctx.body.name.trim(),
        email: normalizeEmail(ctx.body.email),
        roles,
        active: ctx.body.active,
        requireOneTimeCode: ctx.body.requireOneTimeCode,
        passwordHash: keepPassword ? undefined : await hashPassword(ctx.body.password as string),
      };
      const row = await app.users.update(before.id, patch);
      if (!row) throw new ApiError(404, NO_SUCH_USER);
      ctx.log.info({ staffUserId: row.id, roles, active: row.active }, 'staff user updated');

      if (!row.active || !keepPassword) {
        // Disabled, or a new password set: every session ends but the admin's own, editing themself.
        await app.sessions.endAllFor(row.id, self ? caller.sessionId : undefined);
      }
      if (row.name !== before.name || row.email !== before.email || row.roles !== before.roles) {
        // Open sessions carry name and roles; the gateway checks roles from them on every request.
        await app.sessions.updateUser(row.id, { name: row.name, email: row.email, roles });
      }
      await accessChanged(ctx, row.id, 'update', { roles, active: row.active });
      return toStaffUser(row);
    },

    'auth.adminDelete': async (ctx) => {
      if (ctx.params.id === callerOf(ctx).userId) throw new ApiError(400, 'You cannot delete yourself.');
      if (!(await app.users.remove(ctx.params.id))) throw new ApiError(404, NO_SUCH_USER);
      await app.sessions.endAllFor(ctx.params.id);
      await accessChanged(ctx, ctx.params.id, 'delete', {});
      ctx.log.info({ staffUserId: ctx.params.id }, 'staff user deleted');
      return { message: 'User deleted.' };
    },

    'auth.adminRevokeSessions': async (ctx) => {
      if (!(await app.users.byId(ctx.params.id))) throw new ApiError(404, NO_SUCH_USER);
      const n = await app.sessions.endAllFor(ctx.params.id);
      await accessChanged(ctx, ctx.params.id, 'revoke', { ended: n });
      ctx.log.info({ staffUserId: ctx.params.id, ended: n }, 'sessions revoked');
      return { message: `Ended ${n} session${n === 1 ? '' : 's'}.` };
    },
  });
}
