import type { Operation } from '@console/contracts';
import type { Static, TSchema } from '@sinclair/typebox';
import type { HandlerContext, Pending, Reply } from './handler-context.ts';

type Input<S, Absent> = S extends TSchema ? Static<S> : Absent;

/** What an operation's handler is given: body, params and query as its schemas say (checked before the call). */
export type OperationContext<O extends Operation> = HandlerContext<
  Input<O['body'], undefined>,
  Input<O['params'], Record<string, never>>,
  Input<O['querystring'], Record<string, never>>
>;

/** What it answers: its response schema's type, alone or in a Reply (status, session); or a 202 Pending. */
export type OperationReply<O extends Operation> =
  | Static<O['response']>
  | Reply<Static<O['response']>>
  | Pending;

export type OperationHandler<O extends Operation> = (ctx: OperationContext<O>) => Promise<OperationReply<O>>;

export type OperationId<Ops extends readonly Operation[]> = Ops[number]['id'];
export type OperationOf<Ops extends readonly Operation[], Id> = Extract<Ops[number], { id: Id }>;

/** Handlers for some of a table's operations, each typed from its own row. */
export type HandlersFor<Ops extends readonly Operation[], K extends OperationId<Ops> = OperationId<Ops>> = {
  [Id in K]: OperationHandler<OperationOf<Ops, Id>>;
};

/**
 * Ties handlers to their rows in the operations table: each handler's `ctx.body`, `ctx.params`,
 * `ctx.query` and its answer are the `Static<>` types of that operation's TypeBox schemas, so a
 * handler reading a field its schema lacks, or answering the wrong shape, fails `tsc -b`; a key
 * that is no operation of the table fails too. An endpoints file defines the handlers it owns:
 *
 *   export const loginHandlers = (app: FastifyInstance) =>
 *     defineHandlers(authOperations, { 'auth.login': async (ctx) => …, … });
 *
 * `registerOperations` then checks, by type and at start-up, that every operation has one.
 */
export function defineHandlers<Ops extends readonly Operation[], K extends OperationId<Ops>>(
  _operations: Ops,
  handlers: HandlersFor<Ops, K>,
): HandlersFor<Ops, K> {
  return handlers;
}
