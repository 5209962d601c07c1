import { type Static, Type } from '@sinclair/typebox';
import { literalUnion } from '../../world/common.ts';
import { serviceOp } from '../types.ts';

export const ConnectedDbSchema = Type.Object({
  db: literalUnion(['test', 'live'], {
    description: "'test' when the customer data is a generated world (or the deployment says so)",
  }),
  reason: Type.String({ description: 'Why: the setting, or what the database holds' }),
});
export type ConnectedDb = Static<typeof ConnectedDbSchema>;

/** The shell's database banner and indicator (seed 002 §2, §7), admin only. */
export const connectedDbOperations = [
  serviceOp('search', ['shell'])('search.connectedDb', 'GET', '/api/support/connectedDb', {
    access: [],
    summary: 'Which customer database the console reads: test or live',
    response: ConnectedDbSchema,
  }),
] as const;
