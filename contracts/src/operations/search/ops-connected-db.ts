import { type Static, Type } from '@sinclair/typebox';
import { literalUnion } from '../../world/common.ts';
import { serviceOp } from '../types.ts';

export const ConnectedDbSchema = Type.Object({
  db: literalUnion(['test', 'live'], {
    description: "'test' when the customer data is a generated world (or the deployment says so)",
  }),
  reason: Type.String({ description: 'Why: the setting, or what the database holds' }),
  databases: Type.Array(
    Type.Object({
      store: Type.String({ description: "'Postgres' or 'MongoDB'" }),
      holds: Type.String({ description: 'What the console keeps there' }),
      server: Type.String({ description: 'host:port, without credentials' }),
      database: Type.String(),
    }),
    { description: 'The databases the console reads, as this service is connected to them' },
  ),
  switchable: Type.Boolean({ description: 'Whether this deployment lets the console switch database' }),
  how: Type.String({ description: 'How the database is switched in this deployment' }),
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
