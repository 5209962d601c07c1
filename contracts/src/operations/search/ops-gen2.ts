import { Type } from '@sinclair/typebox';
import { op } from '../types.ts';
import { SuggestionSchema } from './gen1.ts';
import { Gen2SearchBodySchema, Gen2SearchResultSchema } from './gen2-search.ts';
import { params, support } from './op-helpers.ts';
import {
  CountSchema,
  OverviewSchema,
  SupportPlusCountBodySchema,
  SupportPlusQueryBodySchema,
  SupportPlusQueryResultSchema,
} from './overview.ts';
import { StructureDetailSchema } from './structure.ts';

/** Support Plus: search, structure detail, overview and the generic reads (seed 001 §5, §7). */
export const gen2Operations = [
  op({
    id: 'search.supportPlusSearch',
    service: 'search',
    method: 'POST',
    path: '/api/supportPlus/search',
    access: support,
    summary: 'The Support Plus search: users and structures found',
    tags: ['support plus'],
    body: Gen2SearchBodySchema,
    response: Gen2SearchResultSchema,
  }),
  op({
    id: 'search.supportPlusAutocomplete',
    service: 'search',
    method: 'GET',
    path: '/api/supportPlus/autocomplete/:text',
    access: support,
    summary:
      'Suggestions for the Support Plus bar: e-mail, link id, serial, device name, user id, rootGroupId (from 3 characters)',
    tags: ['support plus'],
    params: params({ text: Type.String({ minLength: 3, maxLength: 200 }) }),
    response: Type.Array(SuggestionSchema),
  }),
  op({
    id: 'search.structure',
    service: 'search',
    method: 'GET',
    path: '/api/supportPlus/structure/:rootGroupId',
    access: support,
    summary:
      'The structure detail: header, users, hubs, devices by category, groups, features, automations, problems',
    tags: ['support plus'],
    params: params({
      rootGroupId: Type.String({ minLength: 1, maxLength: 120, pattern: '^[0-9A-Za-z_-]+$' }),
    }),
    response: StructureDetailSchema,
  }),
  op({
    id: 'search.overview',
    service: 'search',
    method: 'GET',
    path: '/api/supportPlus/overview',
    access: support,
    summary: 'Stored overview: counts, links in error state, locked and no-root links',
    tags: ['support plus'],
    response: OverviewSchema,
  }),
  op({
    id: 'search.query',
    service: 'search',
    method: 'POST',
    path: '/api/supportPlus',
    access: support,
    summary: 'Generic read of one Support Plus database with allow-listed fields and operators',
    tags: ['support plus'],
    body: SupportPlusQueryBodySchema,
    response: SupportPlusQueryResultSchema,
  }),
  op({
    id: 'search.count',
    service: 'search',
    method: 'POST',
    path: '/api/supportPlus/count',
    access: support,
    summary: 'Count documents of one Support Plus database matching a filter (same rules as the query)',
    tags: ['support plus'],
    body: SupportPlusCountBodySchema,
    response: CountSchema,
  }),
  op({
    id: 'search.totalLinks',
    service: 'search',
    method: 'GET',
    path: '/api/supportPlus',
    access: support,
    summary: 'Total links',
    tags: ['support plus'],
    response: CountSchema,
  }),
] as const;
