import { ApiError, authOperations, ROLES } from '@console/contracts';
import { callerOf, defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import type { AuthConfig } from '../config.ts';
import { hashPassword, verifyPassword } from '../plugins/passwords.ts';
import { normalizeEmail, passwordProblem, staffUserProblems } from '../plugins/staff-rules.ts';
import { toMe, toStaffUser } from '../plugins/staff-view.ts';

/** The signed-in user's own account: who am I, my password, and signing up a colleague. */
export function accountHandlers(app: FastifyInstance, config: AuthConfig) {
  return defineHandlers(authOperations, {
    'auth.me': async (ctx) => {
      const caller = callerOf(ctx);
      // Fresh from Postgres, not from the session: a deleted or disabled user is out at once.
      const user = await app.users.byId(caller.userId);
      if (!user?.active) {
        await app.sessions.end(caller.sessionId, caller.userId);
        throw new ApiError(401, 'Please sign in.');
      }
      return toMe(user);
    },

    'auth.changePassword': async (ctx) => {
      const caller = callerOf(ctx);
      const own = ctx.params.id === caller.userId;
      if (!own && !caller.roles.includes('admin')) {
        throw new ApiError(403, 'You can only change your own password.');
      }
      const target = await app.users.byId(ctx.params.id);
      if (!target) throw new ApiError(404, 'No such user.');
      // "Old password" proves the person at the keyboard is the caller; for an admin changing
      // someone else's it is the admin's own current password.
      const self = own ? target : await app.users.byId(caller.userId);
      if (!self || !(await verifyPassword(self.password_hash, ctx.body.oldPassword))) {
        throw new ApiError(400, 'Incorrect password', { oldPassword: 'Incorrect password' });
      }
      const problem = passwordProblem(ctx.body.newPassword);
      if (problem) throw new ApiError(400, problem, { newPassword: problem });
      await app.users.setPassword(target.id, await hashPassword(ctx.body.newPassword));
      // Whoever knew the old password is out everywhere but here.
      await app.sessions.endAllFor(target.id, caller.sessionId);
      return { message: 'Password successfully changed' };
    },

    'auth.signup': async (ctx) => {
      const fields = staffUserProblems(ctx.body);
      const first = Object.values(fields)[0];
      if (first) throw new ApiError(400, first, fields);
      const row = await app.users.create({
        name: ctx.body.name.trim(),
        email: normalizeEmail(ctx.body.email),
        passwordHash: await hashPassword(ctx.body.password),
        roles: [],
        active: true,
        requireOneTimeCode: config.ONE_TIME_CODE_DEFAULT,
      });
      ctx.log.info({ newUserId: row.id }, 'staff user signed up');
      return toStaffUser(row);
    },

    'auth.roles': async () => [...ROLES],
  });
}
