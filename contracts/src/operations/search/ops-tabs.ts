import { type TSchema, Type } from '@sinclair/typebox';
import { ClosedObject } from '../../world/common.ts';
import { op } from '../types.ts';
import { support } from './op-helpers.ts';
import {
  AccessRequestsBodySchema,
  AgentTypeParamsSchema,
  AlexaDiscoveredSchema,
  BackupsBodySchema,
  ConnectionsBodySchema,
  DeviceStatusBodySchema,
  LogsBodySchema,
  ReleaseQueueBodySchema,
  StructureAgentsSchema,
  StructureNotificationsSchema,
  StructureOnlyBodySchema,
  SyncUpdatesBodySchema,
  TabPageSchema,
  TransactionsBodySchema,
} from './tabs.ts';

const tags = ['support plus', 'structure tabs'];
const read = <const Id extends string, const P extends string, B extends TSchema>(
  id: Id,
  path: P,
  summary: string,
  body: B,
) =>
  op({
    id,
    service: 'search',
    method: 'POST',
    path,
    access: support,
    summary,
    tags,
    body,
    response: TabPageSchema,
  });

/** The structure tabs' reads (seed 001 §2 "Tabs in detail", §7, §9): newest first, paged by date. */
export const tabOperations = [
  read(
    'search.transactions',
    '/api/supportPlus/transactions',
    'Trans tab: transactions of a structure, by text, classes, operations, success and dates',
    TransactionsBodySchema,
  ),
  read(
    'search.syncUpdates',
    '/api/supportPlus/syncupdates',
    'Sync tab: sync updates of a structure, by date range',
    SyncUpdatesBodySchema,
  ),
  read(
    'search.connections',
    '/api/supportPlus/generallogs/worker-connection-history',
    "Conns tab: past connections of a structure's links",
    ConnectionsBodySchema,
  ),
  read(
    'search.logs',
    '/api/supportPlus/logs',
    'Logs tab: hub logs of a structure, by group, source and text',
    LogsBodySchema,
  ),
  read(
    'search.releaseQueue',
    '/api/supportPlus/releaseQueue',
    'FW Q tab: firmware queue items of a structure',
    ReleaseQueueBodySchema,
  ),
  read(
    'search.backups',
    '/api/supportPlus/socket/listBackups',
    "Backups tab: backups of a structure's links",
    BackupsBodySchema,
  ),
  read(
    'search.accessRequests',
    '/api/supportPlus/structure-access-requests',
    'SA Reqs tab: structure access requests',
    AccessRequestsBodySchema,
  ),
  read(
    'search.deviceStatus',
    '/api/supportPlus/datamonitor/device-status',
    'D-Status tab: device status history of a structure (or one device)',
    DeviceStatusBodySchema,
  ),
  op({
    id: 'search.notifications',
    service: 'search',
    method: 'POST',
    path: '/api/notifications',
    access: support,
    summary: "Notifications tab: the structure's users' notifications, this structure's and the others",
    tags,
    body: StructureOnlyBodySchema,
    response: StructureNotificationsSchema,
  }),
  op({
    id: 'search.agents',
    service: 'search',
    method: 'POST',
    path: '/api/agents/:type',
    access: support,
    summary: 'Alexa, Google and Samsung tabs: the agent records naming a structure',
    tags,
    params: AgentTypeParamsSchema,
    body: StructureOnlyBodySchema,
    response: StructureAgentsSchema,
  }),
  op({
    id: 'search.alexaDiscovered',
    service: 'search',
    method: 'GET',
    path: '/api/agents/alexa/discovered/:userId',
    access: support,
    summary: "The Alexa tab's lookup: the devices Alexa discovered for a user (404: no Alexa account)",
    tags,
    params: ClosedObject({ userId: Type.String({ minLength: 1, maxLength: 100 }) }),
    response: AlexaDiscoveredSchema,
  }),
] as const;
