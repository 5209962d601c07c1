import type { Static, TSchema } from '@sinclair/typebox';
import type { TypedOperation } from './index.ts';

/**
 * What a caller of an operation sends and gets, typed from its row in the operations table — the
 * same schemas the gateway validates and the service's handler is typed from (kit `defineHandlers`).
 * The web's `call()` (web/src/shared/api/call.ts) is built on these.
 */

/** An operation reached over HTTP: not the raw channel's websocket frames, not the gateway's own calls. */
export type HttpOperation = Exclude<TypedOperation, { transport: 'ws' } | { internal: true }>;
export type HttpOperationId = HttpOperation['id'];
export type HttpOperationOf<Id extends HttpOperationId> = Extract<HttpOperation, { id: Id }>;

/** The type of the operation's schema under `K`, or undefined where it has none. */
type Given<O, K extends string> = O extends { [P in K]: infer S extends TSchema } ? Static<S> : undefined;

/** A part the operation does not take cannot be given; one whose fields are all optional may be left out. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : // biome-ignore lint/complexity/noBannedTypes: "every field optional" is exactly `{} extends T`.
    {} extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/**
 * A URL carries text: where a path parameter or query field is any string (`'^[0-9]+$'`, say), a
 * number is written as one. Literal strings (`'asc' | 'desc'`) stay as they are.
 */
type InUrl<T> = T extends object ? { [K in keyof T]: string extends T[K] ? T[K] | number : T[K] } : T;

/** The path parameters, query string and body of an operation, as its schemas say. */
export type OperationRequest<Id extends HttpOperationId> = Part<
  'params',
  InUrl<Given<HttpOperationOf<Id>, 'params'>>
> &
  Part<'query', InUrl<Given<HttpOperationOf<Id>, 'querystring'>>> &
  Part<'body', Given<HttpOperationOf<Id>, 'body'>>;

/** What a successful call answers: the operation's response schema's type. */
export type OperationAnswer<Id extends HttpOperationId> = Static<HttpOperationOf<Id>['response']>;
