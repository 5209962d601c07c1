import { op } from '../types.ts';
import { finders, IntId, params } from './op-helpers.ts';
import { Gen1MetaDataSchema, LinkPlusStatusSchema, WflLinkSchema } from './status.ts';

/** The Gen1 status and notes panel's reads (seed 000 "Status and notes panel", §7 Support tools). */
export const statusOperations = [
  op({
    id: 'search.getMetaData',
    service: 'search',
    method: 'GET',
    path: '/api/support/wflcommands/getMetaData/:userId',
    access: finders,
    summary: "The account's metadata errors (seed 000 §8 data inconsistencies), computed on the server",
    tags: ['search'],
    params: params({ userId: IntId('Gen1 user id') }),
    response: Gen1MetaDataSchema,
  }),
  op({
    id: 'search.linkPlus',
    service: 'search',
    method: 'GET',
    path: '/api/support/linkPlus/:userId',
    access: finders,
    summary: "Whether the customer's e-mail also has a Link Plus (Gen2) account",
    tags: ['search'],
    params: params({ userId: IntId('Gen1 user id') }),
    response: LinkPlusStatusSchema,
  }),
  op({
    id: 'search.wflLink',
    service: 'search',
    method: 'GET',
    path: '/api/support/lwrfLinks/:wflId',
    access: finders,
    summary:
      "One box of 'LWRF Links': the WFL's last command time, its energy / heating / other devices with their last update, and its timed-out commands by day",
    tags: ['search'],
    params: params({ wflId: IntId('WFL id') }),
    response: WflLinkSchema,
  }),
] as const;
