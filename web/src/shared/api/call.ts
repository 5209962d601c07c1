import type { HttpOperationId, OperationAnswer, OperationRequest } from '@console/contracts';
import { apiRequest, type RequestOptions } from './client.ts';
import routes from './routes.json';

/**
 * The typed client: every API call of the console goes through `call(id, …)`, typed from the
 * operation's row in the operations table (contracts/src/operations) — the row the gateway validates
 * against and the service's handler is typed from. Path parameters, query string and body must be
 * what the schemas say (a wrong field or type fails `tsc -b`), and the answer is the response
 * schema's type. Method and path come from routes.json (generated from the same table, without its
 * schemas); errors are ApiError, as with every request (client.ts).
 *
 *   const info = await call('hub-control.systemRead', { body: { linkId }, signal });
 */

/** How to send, beside what: abort, extra headers, whether a 401 ends the session. */
export type CallOptions = Pick<RequestOptions, 'signal' | 'headers' | 'sessionGuard'>;

export type CallInput<Id extends HttpOperationId> = OperationRequest<Id> & CallOptions;

/** The input may be left out where the operation needs nothing (no params, no required query or body). */
type Args<Id extends HttpOperationId, T> =
  // biome-ignore lint/complexity/noBannedTypes: "nothing required" is exactly `{} extends T`.
  {} extends OperationRequest<Id> ? [input?: T] : [input: T];

export interface LooseInput extends CallOptions {
  params?: Record<string, unknown>;
  query?: object;
  body?: unknown;
}

const ROUTES: Record<string, string | undefined> = routes;

export function call<Id extends HttpOperationId>(
  id: Id,
  ...[input]: Args<Id, CallInput<Id>>
): Promise<OperationAnswer<Id>> {
  return callUnchecked(id, input as LooseInput) as Promise<OperationAnswer<Id>>;
}

/**
 * `call` without its types, for a typed wrapper whose own signature carries them (a generic id
 * leaves `call`'s conditional input unresolved): e.g. the hub actions' `sendHubAction`.
 */
export function callUnchecked(id: HttpOperationId, input: LooseInput = {}): Promise<unknown> {
  const { params, query, body, ...options } = input;
  const { method, path } = route(id);
  return apiRequest(buildUrl(path, params, query), { ...options, method, body });
}

/**
 * The URL of a GET operation, for what the browser opens itself (a link, a download, an image):
 * the same path and query building as `call`.
 */
export function operationUrl<Id extends HttpOperationId>(
  id: Id,
  ...[input]: Args<Id, OperationRequest<Id>>
): string {
  const { params, query } = (input ?? {}) as LooseInput;
  return buildUrl(route(id).path, params, query);
}

/** "METHOD /path" of an operation, as a person reads it (a debug panel's request line). */
export function routeLine(id: HttpOperationId): string {
  const { method, path } = route(id);
  return `${method} ${path}`;
}

function route(id: string): { method: NonNullable<RequestOptions['method']>; path: string } {
  const entry = ROUTES[id];
  if (!entry) throw new Error(`No route for operation ${id}: run node web/scripts/generate-api-routes.mjs`);
  const space = entry.indexOf(' ');
  return {
    method: entry.slice(0, space) as NonNullable<RequestOptions['method']>,
    path: entry.slice(space + 1),
  };
}

/**
 * `path` with each `:name` replaced by its parameter, encoded as one path segment, then the query:
 * undefined and null values left out, an array as the key repeated, everything else as its string.
 */
export function buildUrl(path: string, params: Record<string, unknown> = {}, query: object = {}): string {
  const filled = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter ${name} for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== null) search.append(key, String(one));
    }
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}
