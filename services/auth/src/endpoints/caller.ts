import { ApiError, type Caller } from '@console/contracts';
import type { HandlerContext } from '@console/kit';

/**
 * The signed-in caller. The kit already refuses non-public operations without one; this keeps
 * handlers honest if an operation's access is ever loosened in the table.
 */
export function callerOf(ctx: Pick<HandlerContext, 'caller'>): Caller {
  if (!ctx.caller) throw new ApiError(401, 'Please sign in.');
  return ctx.caller;
}
