import { type Static, Type } from '@sinclair/typebox';
import { ClosedObject } from '../world/common.ts';
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
    body: ClosedObject({ name: Type.String({ minLength: 1, maxLength: 200 }) }),
    response: ThingSchema,
  }),
  thingOp('auth.thingsDelete', 'DELETE', '/api/things/:id', {
    access: [],
    summary: 'Delete a thing (admin)',
    params: ClosedObject({ id: Type.String({ pattern: '^[0-9]+$', maxLength: 20 }) }),
    response: Type.Object({ message: Type.String() }),
  }),
] as const;
