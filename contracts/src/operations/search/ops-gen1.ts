import { type TProperties, Type } from '@sinclair/typebox';
import { op } from '../types.ts';
import {
  Gen1AccountSchema,
  Gen1DeviceViewSchema,
  Gen1SearchResultSchema,
  MacAccountsSchema,
  PageQuerySchema,
  SuggestionSchema,
} from './gen1.ts';
import { finders, IntId, params, Term } from './op-helpers.ts';

const find = <I extends string, P extends TProperties>(id: I, path: string, summary: string, p: P) =>
  op({
    id: `search.${id}` as const,
    service: 'search',
    method: 'GET',
    path,
    access: finders,
    summary,
    tags: ['search'],
    params: params(p),
    querystring: PageQuerySchema,
    response: Gen1SearchResultSchema,
  });

/** The Gen1 support searches (seed 000 §7 "Search"). */
export const gen1SearchOperations = [
  find(
    'findUser',
    '/api/support/finduser/:text',
    'Accounts whose e-mail, username or name contains the text, or with that user id',
    {
      text: Term('E-mail, username, name or user id'),
    },
  ),
  find(
    'findAdvanced',
    '/api/support/find/u/:user/w/:mac/o/:wfl',
    "Accounts by user, WFL MAC and WFL id or name; '-' leaves a term out; all given terms must match",
    {
      user: Term("User e-mail, username, name or id; '-' for none"),
      mac: Term("WFL MAC, whole or in part, with or without the vendor prefix; '-' for none"),
      wfl: Term("WFL id or name; '-' for none"),
    },
  ),
  find(
    'findByDevice',
    '/api/support/findByDevice/:name',
    'Accounts with a device whose name or serial contains the text',
    {
      name: Term('Device name or serial'),
    },
  ),
  find('findByDeviceId', '/api/support/findByDeviceId/:id', 'The account of one device', {
    id: IntId('Device id'),
  }),
  op({
    id: 'search.findCommercial',
    service: 'search',
    method: 'GET',
    path: '/api/support/find/c/true',
    access: finders,
    summary: 'Commercial accounts (customer role commercial or api_user)',
    tags: ['search'],
    querystring: PageQuerySchema,
    response: Gen1SearchResultSchema,
  }),
  find(
    'findFirmware',
    '/api/supportdm/find/firmware/:text',
    'Accounts with a WFL on a firmware version starting with the text (e.g. V2.9)',
    {
      text: Term('Firmware version, e.g. V2.9'),
    },
  ),
  op({
    id: 'search.findExtra',
    service: 'search',
    method: 'GET',
    path: '/api/support/findExtra/:userId',
    access: finders,
    summary:
      'One account in full: WFLs, devices, rooms, moods, zones, timers, events, heating plans and data inconsistencies',
    tags: ['search'],
    params: params({ userId: IntId('Gen1 user id') }),
    response: Gen1AccountSchema,
  }),
  op({
    id: 'search.findExtraDevice',
    service: 'search',
    method: 'GET',
    path: '/api/support/findExtraDevice/:ids',
    access: finders,
    summary: 'Devices by id (comma-separated, at most 100)',
    tags: ['search'],
    params: params({
      ids: Type.String({ pattern: '^[0-9]{1,15}(,[0-9]{1,15}){0,99}$', description: 'e.g. 12,13,14' }),
    }),
    response: Type.Array(Gen1DeviceViewSchema),
  }),
  op({
    id: 'search.findUserByMac',
    service: 'search',
    method: 'GET',
    path: '/api/support/finduserbymac/:mac',
    access: finders,
    summary: 'Every account with a WFL of this MAC, with device counts',
    tags: ['search'],
    params: params({ mac: Term('A full MAC, or the 6 hex digits shown without the vendor prefix') }),
    response: MacAccountsSchema,
  }),
  op({
    id: 'search.autocomplete',
    service: 'search',
    method: 'GET',
    path: '/api/support/autocomplete/:text',
    access: finders,
    summary: 'Suggestions for the support search box (from 2 characters, at most 10)',
    tags: ['search'],
    params: params({ text: Type.String({ minLength: 2, maxLength: 200 }) }),
    response: Type.Array(SuggestionSchema),
  }),
] as const;
