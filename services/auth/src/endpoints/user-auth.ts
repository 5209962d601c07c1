import {
  ApiError,
  AUTH_DELETE_CONFIRMATION,
  AUTH_TEXT,
  type AuthUserDoc,
  CUSTOMER_AUTH_ROLES,
  customerAuthOperations,
} from '@console/contracts';
import { callerOf, defineHandlers, recordAudit } from '@console/kit';
import type { FastifyInstance } from 'fastify';

/** /userEmail and /authTokenIntrospect (analytics spec §2, §5, §6, §8): a customer's auth data and roles. */
export function userAuthHandlers(app: FastifyInstance, now: () => Date = () => new Date()) {
  const { users, records, tokens } = app.customerAuth;

  const existing = async (userId: string): Promise<AuthUserDoc> => {
    const user = await users.find(userId);
    if (!user) throw new ApiError(404, AUTH_TEXT.userNotFound);
    return user;
  };

  /** Clean and delete name a user by id: one the server does not hold is 'Error user id not found'. */
  const existingId = async (userId: string): Promise<AuthUserDoc> => {
    const user = userId.trim() ? await users.find(userId) : null;
    if (!user) throw new ApiError(404, AUTH_TEXT.userIdNotFound);
    return user;
  };

  /** A role change: the new roles saved, an audit event, and a support note on the customer. */
  const changeRole = async (
    ctx: {
      caller: Parameters<typeof callerOf>[0]['caller'];
      params: { userId: string; roleName: string };
      body?: { note?: string };
    },
    add: boolean,
  ) => {
    const caller = callerOf(ctx);
    const { userId, roleName } = ctx.params;
    const user = await existing(userId);
    const roles = add ? [...new Set([...user.roles, roleName])] : user.roles.filter((r) => r !== roleName);
    const at = now();
    await users.setRoles(userId, roles, at);
    const verb = add ? 'added' : 'removed';
    await recordAudit(app, 'customer-role', caller, { userId, role: roleName, change: verb, roles });
    const extra = ctx.body?.note?.trim();
    await users.note(
      userId,
      caller.email,
      `Role ${roleName} ${verb} by ${caller.email}.${extra ? ` ${extra}` : ''}`,
      at,
    );
    return { roles, message: `Role ${roleName} ${verb}.` };
  };

  return defineHandlers(customerAuthOperations, {
    'auth.userAuthLookup': async (ctx) => {
      const user = await users.find(ctx.params.term);
      if (!user) throw new ApiError(404, AUTH_TEXT.userNotFound);
      return {
        authUser: {
          _id: user.userId,
          email: user.email,
          created: user.created.toISOString(),
          modified: user.modified.toISOString(),
          roles: user.roles,
        },
        legacy: user.legacy,
        ...(await users.relations(user)),
      };
    },
    'auth.userAuthCleanLegacy': async (ctx) => {
      const caller = callerOf(ctx);
      const user = await existingId(ctx.params.userId);
      if (!user.legacy) return { success: true, message: 'No legacy account linked.' };
      await users.clearLegacy(user.userId, now());
      await recordAudit(app, 'customer-auth-clean-legacy', caller, {
        userId: user.userId,
        legacy: user.legacy,
      });
      return { success: true, message: 'Legacy account link removed.' };
    },
    'auth.userAuthDelete': async (ctx) => {
      const caller = callerOf(ctx);
      if (ctx.query.confirm.trim().toLowerCase() !== AUTH_DELETE_CONFIRMATION)
        throw new ApiError(400, AUTH_TEXT.deleteCancelled);
      const user = await existingId(ctx.params.userId);
      const removedRecords = await records.removeUser(user.userId);
      await users.remove(user.userId);
      await recordAudit(app, 'customer-auth-delete', caller, {
        userId: user.userId,
        email: user.email,
        removedRecords,
      });
      return { success: true, message: `User ${user.email} deleted.` };
    },
    'auth.customerRoles': async (ctx) => ({
      roles: (await existing(ctx.params.userId)).roles,
      available: [...CUSTOMER_AUTH_ROLES],
    }),
    'auth.customerRoleAdd': async (ctx) => changeRole(ctx, true),
    'auth.customerRoleDelete': async (ctx) => changeRole(ctx, false),
    'auth.tokenIntrospect': async (ctx) => {
      if (ctx.body.token.trim() === '') throw new ApiError(400, AUTH_TEXT.noToken);
      const seen = tokens.inspect(ctx.body.token, now());
      if (!seen) throw new ApiError(400, 'That is not a token this page can decode (a JWT has three parts).');
      const { jti, ...rest } = seen;
      const stored = jti ? await records.tokenState(jti) : ('not checked' as const);
      return { ...rest, stored };
    },
  });
}
