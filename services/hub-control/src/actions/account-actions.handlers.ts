import { ApiError, hubControlOperations } from '@console/contracts';
import { defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { requireConfirmation } from './link-actions.handlers.ts';

/**
 * Remove a user from a structure (roleAdmin), V5 licences (license) and removing an empty structure
 * from a user (supportAdmin): confirmed, recorded, noted.
 */
export function accountActionHandlers(app: FastifyInstance) {
  return defineHandlers(hubControlOperations, {
    'hub-control.removeUser': async (ctx) => {
      requireConfirmation('hub-control.removeUser', ctx.body.confirmation);
      const { userEmail, rootGroupId } = ctx.body;
      const removed = await app.accounts.removeFromStructure(userEmail, rootGroupId);
      const error = removed ? null : 'the user is not in this structure';
      const transactionId = await app.hubActions.recordAccountAction(ctx, {
        opId: 'hub-control.removeUser',
        action: `Remove User ${userEmail} from structure ${rootGroupId}`,
        operation: 'removeUserFromGroup',
        customerId: rootGroupId,
        success: removed !== null,
        error,
        payload: { userEmail, rootGroupId },
      });
      if (!removed) throw new ApiError(404, `removeUserFromGroup failed: ${error}.`);
      return { transactionId, success: true, message: `${userEmail} was removed from the structure.` };
    },

    'hub-control.removeEmptyStructure': async (ctx) => {
      requireConfirmation('hub-control.removeEmptyStructure', ctx.body.confirmation);
      const { userId, rootGroupId } = ctx.body;
      const outcome = await app.accounts.removeEmptyStructure(userId, rootGroupId);
      const error = {
        removed: null,
        'not-theirs': 'the structure is not one of this user’s',
        'not-empty': 'the structure still has links or devices',
      }[outcome];
      const transactionId = await app.hubActions.recordAccountAction(ctx, {
        opId: 'hub-control.removeEmptyStructure',
        action: `Remove empty structure ${rootGroupId} from user ${userId}`,
        operation: 'removeEmptyStructure',
        customerId: userId,
        success: outcome === 'removed',
        error,
        payload: { userId, rootGroupId },
      });
      if (error)
        throw new ApiError(outcome === 'not-empty' ? 409 : 404, `removeEmptyStructure failed: ${error}.`);
      return {
        transactionId,
        success: true,
        message: `The empty structure ${rootGroupId} was removed from the user.`,
      };
    },

    'hub-control.license': async (ctx) => {
      requireConfirmation('hub-control.license', ctx.body.confirmation);
      const { userId, action, rootGroupId } = ctx.body;
      const done = await app.accounts.setLicense(userId, action === 'add', rootGroupId);
      const transactionId = await app.hubActions.recordAccountAction(ctx, {
        opId: 'hub-control.license',
        action: `License ${action} for user ${userId}`,
        operation: 'license',
        customerId: userId,
        success: done,
        error: done ? null : 'no such user',
        payload: { userId, action, ...(rootGroupId ? { rootGroupId } : {}) },
      });
      if (!done) throw new ApiError(404, 'license failed update: no such user.');
      return {
        transactionId,
        success: true,
        message: action === 'add' ? 'Licence added.' : 'Licence removed.',
      };
    },
  });
}
