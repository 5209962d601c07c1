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

export function operationName(o: Pick<Operation, 'id'>): string {
  const dot = o.id.indexOf('.');
  return o.id.slice(dot + 1);
}
