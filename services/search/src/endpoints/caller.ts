import { ApiError, type Caller } from '@console/contracts';
import type { HandlerContext } from '@console/kit';

/** The signed-in caller (the kit refuses non-public operations without one; this keeps handlers honest). */
export function callerOf(ctx: Pick<HandlerContext, 'caller'>): Caller {
  if (!ctx.caller) throw new ApiError(401, 'Please sign in.');
  return ctx.caller;
}
