/**
 * Compile-time checks of `defineHandlers` (no runtime test: `tsc -b` is the test). Each
 * `@ts-expect-error` line must stay an error; if the typing ever loosens, tsc fails on it.
 */
import { op } from '@console/contracts';
import { Type } from '@sinclair/typebox';
import { Reply } from './handler-context.ts';
import { defineHandlers } from './handlers.ts';

const table = [
  op({
    id: 'auth.example',
    service: 'auth',
    method: 'PUT',
    path: '/api/example/:id',
    access: 'authenticated',
    summary: 'example',
    tags: [],
    params: Type.Object({ id: Type.String() }),
    body: Type.Object({ name: Type.String() }),
    querystring: Type.Object({ full: Type.Optional(Type.Boolean()) }),
    response: Type.Object({ id: Type.String(), name: Type.String() }),
  }),
  op({
    id: 'auth.other',
    service: 'auth',
    method: 'GET',
    path: '/api/other',
    access: 'public',
    summary: 'other',
    tags: [],
    response: Type.Array(Type.Number()),
  }),
] as const;

export const right = defineHandlers(table, {
  'auth.example': async (ctx) => ({ id: ctx.params.id, name: ctx.query.full ? ctx.body.name : '' }),
  'auth.other': async () => new Reply([1, 2], { status: 201 }),
});

defineHandlers(table, {
  // @ts-expect-error the answer lacks `name`
  'auth.example': async (ctx) => ({ id: ctx.params.id }),
});

defineHandlers(table, {
  // @ts-expect-error a Reply of the wrong shape
  'auth.other': async () => new Reply(['one']),
});

defineHandlers(table, {
  // @ts-expect-error the body has no such field
  'auth.example': async (ctx) => ({ id: ctx.params.id, name: ctx.body.title }),
});

defineHandlers(table, {
  // @ts-expect-error no such operation in the table
  'auth.missing': async () => [1],
});
