import type { TSchema } from '@sinclair/typebox';
import type { Access } from '../roles.ts';
import type { ServiceName } from '../subjects.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Operation {
  /** `<service>.<operation>`; the part after the dot is the NATS operation token. */
  id: string;
  service: ServiceName;
  method: HttpMethod;
  /** Path as in the specification, with `:name` parameters. */
  path: string;
  access: Access;
  summary: string;
  tags: string[];
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  response: TSchema;
  /** `open`: a successful answer starts a session (sets the cookie); `close`: it ends it. */
  session?: 'open' | 'close';
  /** `ws`: reached only through the gateway's `/ws` (raw channel), never registered as an HTTP route. */
  transport?: 'ws';
  /**
   * Called by the gateway itself (e.g. the single sign-on callback), never an HTTP route: only the
   * gateway publishes on api.> and signs the caller assertion the service checks.
   */
  internal?: true;
}

export function op<const T extends Operation>(o: T): T {
  return o;
}

/**
 * The operations of one service under one tag, without repeating either on each:
 * `const thingOp = serviceOp('auth', ['things']);`
 * `thingOp('auth.thingsList', 'GET', '/api/things', { access, summary, response })`.
 * The result is the same object `op` would take, in the same key order.
 */
export function serviceOp<const S extends ServiceName, const G extends string[]>(service: S, tags: G) {
  return <
    const I extends `${S}.${string}`,
    const M extends HttpMethod,
    const P extends string,
    const R extends Omit<Operation, 'id' | 'service' | 'method' | 'path' | 'tags'>,
  >(
    id: I,
    method: M,
    path: P,
    rest: R,
  ) => {
    const { access, summary, ...more } = rest;
    return { id, service, method, path, access, summary, tags, ...more } as {
      id: I;
      service: S;
      method: M;
      path: P;
      tags: G;
    } & R;
  };
}

export function operationName(o: Pick<Operation, 'id'>): string {
  const dot = o.id.indexOf('.');
  return o.id.slice(dot + 1);
}
