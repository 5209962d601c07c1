import type { Thing } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { failed, ok, startAuth } from './harness.ts';

const h = useSuite(() => startAuth());

describe('things on the main screen', () => {
  it('lets admins add and delete things, in order, and everyone signed in read them', async () => {
    const admin = await h.signIn(await h.createUser({ roles: ['admin'] }));
    const reader = await h.signIn(await h.createUser({ roles: ['marketing'] }));
    const a = ok(await h.call('auth.thingsCreate', { caller: admin, body: { name: '  Hubs ' } }))
      .data as Thing;
    const b = ok(await h.call('auth.thingsCreate', { caller: admin, body: { name: 'Links' } })).data as Thing;
    expect(a.name).toBe('Hubs');
    expect(ok(await h.call('auth.thingsList', { caller: reader })).data).toEqual([a, b]);

    expect(
      failed(await h.call('auth.thingsCreate', { caller: reader, body: { name: 'Nope' } })).statusCode,
    ).toBe(403);
    expect(
      failed(await h.call('auth.thingsDelete', { caller: reader, params: { id: a.id } })).statusCode,
    ).toBe(403);
    expect(failed(await h.call('auth.thingsList')).statusCode).toBe(401);

    expect(ok(await h.call('auth.thingsDelete', { caller: admin, params: { id: a.id } })).data).toEqual({
      message: 'Thing deleted.',
    });
    expect(ok(await h.call('auth.thingsList', { caller: reader })).data).toEqual([b]);
    expect(
      failed(await h.call('auth.thingsDelete', { caller: admin, params: { id: a.id } })).statusCode,
    ).toBe(404);
    expect(
      failed(await h.call('auth.thingsDelete', { caller: admin, params: { id: '99999999999999999999' } }))
        .statusCode,
    ).toBe(404);
    expect(
      failed(await h.call('auth.thingsCreate', { caller: admin, body: { name: '   ' } })).statusCode,
    ).toBe(400);
  });
});
