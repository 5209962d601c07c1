import { type Static, Type } from '@sinclair/typebox';
import { op } from './types.ts';

export const ThingSchema = Type.Object({ id: Type.String(), name: Type.String() });
export type Thing = Static<typeof ThingSchema>;

export const thingOperations = [
  op({
    id: 'auth.thingsList',
    service: 'auth',
    method: 'GET',
    path: '/api/things',
    access: 'authenticated',
    summary: 'The list of things shown on the main screen',
    tags: ['things'],
    response: Type.Array(ThingSchema),
  }),
  op({
    id: 'auth.thingsCreate',
    service: 'auth',
    method: 'POST',
    path: '/api/things',
    access: [],
    summary: 'Add a thing (admin)',
    tags: ['things'],
    body: Type.Object(
      { name: Type.String({ minLength: 1, maxLength: 200 }) },
      { additionalProperties: false },
    ),
    response: ThingSchema,
  }),
  op({
    id: 'auth.thingsDelete',
    service: 'auth',
    method: 'DELETE',
    path: '/api/things/:id',
    access: [],
    summary: 'Delete a thing (admin)',
    tags: ['things'],
    params: Type.Object(
      { id: Type.String({ pattern: '^[0-9]+$', maxLength: 20 }) },
      { additionalProperties: false },
    ),
    response: Type.Object({ message: Type.String() }),
  }),
] as const;
