import { type Static, Type } from '@sinclair/typebox';
import { DateTimeString, described, fields } from '../world/common.ts';
import { op } from './types.ts';

/**
 * The services view (ops): every console service found through NATS `$SRV` discovery, each
 * instance with its endpoints' figures, and the gateways' own figures beside them.
 */
export const EndpointFiguresSchema = Type.Object({
  ...fields(Type.String, 'name', 'subject'),
  requests: Type.Integer(),
  ...described(Type.Integer, {
    errors: "The service's own failures (5xx)",
    refused: 'Requests the service turned away (4xx: input, roles, not found)',
  }),
  lastError: Type.String({ description: 'The last 5xx; empty when none' }),
  averageMs: Type.Number({ description: 'Average processing time, milliseconds' }),
});
export type EndpointFigures = Static<typeof EndpointFiguresSchema>;

export const ServiceInstanceSchema = Type.Object({
  ...described(Type.String, {
    id: 'The NATS service instance id',
    instance: 'INSTANCE_ID of the process, when it says',
    host: 'Where the instance runs, when it says',
  }),
  version: Type.String(),
  started: DateTimeString(),
  ...fields(Type.Integer, 'uptimeSeconds', 'requests', 'errors', 'refused'),
  endpoints: Type.Array(EndpointFiguresSchema),
});
export type ServiceInstance = Static<typeof ServiceInstanceSchema>;

export const ServiceSummarySchema = Type.Object({
  name: Type.String(),
  version: Type.String({ description: 'Versions of the running instances, comma separated' }),
  expected: Type.Boolean({ description: 'A service the console needs (shown red when no instance answers)' }),
  instances: Type.Array(ServiceInstanceSchema),
  timeouts: Type.Array(Type.Object({ endpoint: Type.String(), count: Type.Integer() }), {
    description:
      "Per endpoint, the calls the gateways forwarded that no instance answered in time (errors the service's own figures cannot see)",
  }),
});
export type ServiceSummary = Static<typeof ServiceSummarySchema>;

export const GatewayFiguresSchema = Type.Object({
  ...fields(Type.String, 'id', 'instance', 'host'),
  uptimeSeconds: Type.Integer(),
  ...described(Type.Integer, {
    sockets: 'Open /ws sockets',
    topics: 'Live topics with watchers',
    eventsOut: 'Live events written to sockets since start',
    requests: 'API requests forwarded since start',
  }),
});
export type GatewayFigures = Static<typeof GatewayFiguresSchema>;

export const ServicesViewSchema = Type.Object({
  services: Type.Array(ServiceSummarySchema),
  gateways: Type.Array(GatewayFiguresSchema),
  at: DateTimeString(),
});
export type ServicesView = Static<typeof ServicesViewSchema>;

/** The services every console deployment runs; the view marks a missing one red. */
export const EXPECTED_SERVICES = [
  'auth',
  'search',
  'hub-control',
  'stats',
  'supervisor',
  'simulator',
] as const;

export const servicesOperations = [
  op({
    id: 'supervisor.servicesView',
    service: 'supervisor',
    method: 'GET',
    path: '/api/ops/services',
    access: ['dev'],
    summary: 'Every service instance found through $SRV discovery, with its endpoint figures',
    tags: ['ops'],
    response: ServicesViewSchema,
  }),
] as const;
