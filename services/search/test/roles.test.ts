import { allows, type Role, searchOperations } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { failure, startSearch } from './harness.ts';

const h = useSuite(() => startSearch({ world: false }));

// Minimal valid input for every operation, so that a refusal can only come from the role check.
const PARAMS: Record<string, string> = {
  text: 'abc',
  user: 'abc',
  mac: '-',
  wfl: '-',
  name: 'abc',
  id: '1',
  userId: '1',
  ids: '1',
  rootGroupId: 'a-b',
  staffName: 'x',
  wflId: '1',
  roomId: '1',
};

describe('roles, checked by the service itself', () => {
  it('refuses every search operation without a caller, and to roles it does not name', async () => {
    // Only the device catalogue of /devices is for anyone (devices.test.ts).
    const open = searchOperations.filter((o) => o.access === 'public').map((o) => o.id);
    expect(open).toEqual(['search.devicesList', 'search.devices']);
    for (const op of searchOperations) {
      if (op.access === 'public') continue;
      expect(failure(await h.call(op.id, { params: PARAMS })).statusCode, op.id).toBe(401);
      for (const role of ['marketing', 'datauser', 'stats'] as Role[]) {
        if (allows(op.access, [role])) continue; // the data monitor's operations are datauser's
        expect(
          failure(await h.call(op.id, { caller: h.staff([role]), params: PARAMS })).statusCode,
          `${op.id} ${role}`,
        ).toBe(403);
      }
    }
  });

  it('lets accounts find customers but not edit them, read notes or use Support Plus', async () => {
    const accounts = h.staff(['accounts']);
    for (const op of searchOperations) {
      const reply = await h.call(op.id, { caller: accounts, params: PARAMS });
      const status = reply.ok ? 200 : reply.error.statusCode;
      if (allows(op.access, ['accounts'])) expect(status, op.id).not.toBe(403);
      else expect(status, op.id).toBe(403);
    }
    const allowed = searchOperations.filter((o) => allows(o.access, ['accounts'])).map((o) => o.id);
    expect(allowed).toContain('search.findUser');
    expect(allowed).not.toContain('search.editWfl');
    expect(allowed).not.toContain('search.query');
  });

  it('says plainly when the customer data is not loaded', async () => {
    const e = failure(
      await h.call('search.findUser', { caller: h.staff(['support']), params: { text: 'abc' } }),
    );
    expect(e).toMatchObject({ statusCode: 503, message: expect.stringMatching(/not loaded/) });
  });
});
