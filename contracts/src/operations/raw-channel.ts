import { type Static, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { RawSendBodySchema, RawSendResultSchema } from '../raw-channel.ts';
import { op } from './types.ts';

/** A deployment an operator lists (analytics spec §3 server config): label, hosts and protocol. */
export const ListedDeploymentSchema = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: 80 }),
    webSocketHost: Type.String({
      pattern: '^[A-Za-z0-9.-]{1,200}(:[0-9]{1,5})?$',
      description: 'host:port its links connect to (a Move Links destination)',
    }),
    authHost: Type.String({ maxLength: 200, description: 'Its auth server; empty: the console' }),
    protocol: Type.Union([Type.Literal('wss'), Type.Literal('ws')]),
  },
  { additionalProperties: false },
);
export const DeploymentListSchema = Type.Array(ListedDeploymentSchema, { maxItems: 50 });
export const DeploymentSchema = Type.Composite([
  ListedDeploymentSchema,
  Type.Object({ current: Type.Boolean({ description: 'This console' }) }),
]);
export type Deployment = Static<typeof DeploymentSchema>;
export type ListedDeployment = Static<typeof ListedDeploymentSchema>;

/**
 * OTHER_DEPLOYMENTS as an operator writes it (JSON list of label, webSocketHost, authHost,
 * protocol), checked: hub-control offers them, the gateway lets its pages' sockets reach them.
 */
export function otherDeployments(text: string): ListedDeployment[] {
  let listed: unknown;
  try {
    listed = JSON.parse(text);
  } catch {
    throw new Error('OTHER_DEPLOYMENTS is not JSON');
  }
  if (!Value.Check(DeploymentListSchema, listed)) {
    const first = Value.Errors(DeploymentListSchema, listed).First();
    throw new Error(`OTHER_DEPLOYMENTS: ${first ? `${first.path || '/'} ${first.message}` : 'not a list'}`);
  }
  return listed;
}

/** Where a page's engineering channel reaches a deployment other than its own: its `/ws`. */
export const deploymentSocketUrl = (d: Pick<ListedDeployment, 'protocol' | 'webSocketHost'>) =>
  `${d.protocol}://${d.webSocketHost}/ws`;

/**
 * The raw channel's one operation: the gateway forwards each checked raw message of an engineer's
 * socket here (never as an HTTP route: the socket's size and rate limits apply first); hub-control
 * checks the role of the message's operation again, sends it once and leaves an audit event.
 */
export const rawChannelOperations = [
  op({
    id: 'hub-control.rawSend',
    service: 'hub-control',
    method: 'POST',
    path: '/ws/raw',
    transport: 'ws',
    access: ['dev', 'linkDirect'],
    summary: 'One raw hub message envelope to a hub or to the server channel operations',
    tags: ['engineering'],
    body: RawSendBodySchema,
    response: RawSendResultSchema,
  }),
  op({
    id: 'hub-control.deployments',
    service: 'hub-control',
    method: 'GET',
    path: '/api/engineering/deployments',
    access: ['dev'],
    summary:
      'The deployments this console knows (its configuration): the servers User Sockets and Move Links offer, and the only Move Links destinations accepted',
    tags: ['engineering'],
    response: Type.Object({ deployments: Type.Array(DeploymentSchema) }),
  }),
] as const;
