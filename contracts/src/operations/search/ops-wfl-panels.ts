import type { TProperties, TSchema } from '@sinclair/typebox';
import { op } from '../types.ts';
import { WflViewSchema } from './gen1.ts';
import { IntId, params, support } from './op-helpers.ts';
import {
  AlexaDiscoveryViewSchema,
  ApiCommandLogPageSchema,
  WflLinkViewSchema,
  WflLogPageSchema,
  WflPanelPageQuerySchema,
  WflPlistViewSchema,
  WflTriggersSchema,
} from './wfl-panels.ts';

const wflParams = params({ wflId: IntId('WFL id') });

const read = <I extends string, R extends TSchema, P extends TProperties>(
  id: I,
  path: string,
  summary: string,
  response: R,
  extra: P,
) =>
  op({
    id: `search.${id}` as const,
    service: 'search',
    method: 'GET',
    path,
    access: support,
    summary,
    tags: ['gen1-panels'],
    params: wflParams,
    response,
    ...extra,
  });

/** The per-WFL panels of the support detail (seed 000 §2) that read the Gen1 tables. */
export const wflPanelOperations = [
  read(
    'wflPlist',
    '/api/support/wfl/:wflId/plist',
    "The WFL's imported app plist, key by key",
    WflPlistViewSchema,
    {},
  ),
  read(
    'wflApiCommands',
    '/api/support/wfl/:wflId/apiCommands',
    'The public-API command log of the WFL, newest first, paged with before',
    ApiCommandLogPageSchema,
    { querystring: WflPanelPageQuerySchema },
  ),
  read(
    'wflHub',
    '/api/support/wfl/:wflId/hub',
    'The WFL as a hub: ids, firmware, heating, ping, online',
    WflViewSchema,
    {},
  ),
  read(
    'wflLinkPanel',
    '/api/support/wfl/:wflId/link',
    'The WFL with its location row and the account it belongs to',
    WflLinkViewSchema,
    {},
  ),
  read(
    'wflTriggers',
    '/api/support/wfl/:wflId/triggers',
    'The triggers the WFL reports',
    WflTriggersSchema,
    {},
  ),
  read(
    'wflLogs',
    '/api/support/wfl/:wflId/logs',
    'The log lines the WFL reports, newest first, paged with before',
    WflLogPageSchema,
    { querystring: WflPanelPageQuerySchema },
  ),
  op({
    id: 'search.gen1AlexaDiscovered',
    service: 'search',
    method: 'GET',
    path: '/api/support/user/:userId/alexaDiscovered',
    access: support,
    summary: "The account's last Alexa discovery: update time, auth user id, devices, error",
    tags: ['gen1-panels'],
    params: params({ userId: IntId('Gen1 user id') }),
    response: AlexaDiscoveryViewSchema,
  }),
] as const;
