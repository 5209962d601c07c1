import { type Static, Type } from '@sinclair/typebox';
import { serviceOp } from './types.ts';

export const ThingSchema = Type.Object({ id: Type.String(), name: Type.String() });
export type Thing = Static<typeof ThingSchema>;

const thingOp = serviceOp('auth', ['things']);

export const thingOperations = [
  thingOp('auth.thingsList', 'GET', '/api/things', {
    access: 'authenticated',
    summary: 'The list of things shown on the main screen',
    response: Type.Array(ThingSchema),
  }),
  thingOp('auth.thingsCreate', 'POST', '/api/things', {
    access: [],
    summary: 'Add a thing (admin)',
    body: Type.Object(
      { name: Type.String({ minLength: 1, maxLength: 200 }) },
      { additionalProperties: false },
    ),
    response: ThingSchema,
  }),
  thingOp('auth.thingsDelete', 'DELETE', '/api/things/:id', {
    access: [],
    summary: 'Delete a thing (admin)',
    params: Type.Object(
      { id: Type.String({ pattern: '^[0-9]+$', maxLength: 20 }) },
      { additionalProperties: false },
    ),
    response: Type.Object({ message: Type.String() }),
  }),
] as const;
