/**
 * Issue 29 §7: every change to a staff user's access (edit, delete, sessions revoked) is recorded
 * on the audit stream as `staff-access`, after the change is stored — the record the gateway hears
 * on NATS to re-check that user's live sockets at once. Nothing is mocked.
 */
import { type Caller, STAFF_ACCESS_AUDIT, type StaffUser } from '@console/contracts';
import { ensureStreams, removeStreams } from '@console/kit';
import { storedAuditEvents, useSuite } from '@console/kit/testing';
import { expect, it } from 'vitest';
import { ok, startAuth } from './harness.ts';

const h = useSuite(async () => {
  const auth = await startAuth();
  await ensureStreams(auth.nc, auth.prefix);
  return {
    ...auth,
    close: async () => {
      await removeStreams(auth.nc, auth.prefix).catch(() => undefined);
      await auth.close();
    },
  };
});

interface StaffAccessRecord {
  staffUserId: string;
  change: string;
  roles?: string[];
  active?: boolean;
  staff: { userId: string };
}

it('records the edit, the revocation and the deletion of a staff user, with who did it', async () => {
  const admin: Caller = await h.signIn(await h.createUser({ roles: ['admin'] }));
  const body = {
    name: 'Casey',
    email: `casey.${Date.now()}@console.test`,
    password: 'first-pass',
    roles: 'support',
  };
  const user = ok(await h.call('auth.adminCreate', { caller: admin, body })).data as StaffUser;
  ok(
    await h.call('auth.adminUpdate', {
      caller: admin,
      params: { id: user.id },
      body: { ...body, password: '', roles: 'marketing', active: false },
    }),
  );
  ok(await h.call('auth.adminRevokeSessions', { caller: admin, params: { id: user.id } }));
  ok(await h.call('auth.adminDelete', { caller: admin, params: { id: user.id } }));
  const records = (await storedAuditEvents<StaffAccessRecord>(h.nc, h.prefix, STAFF_ACCESS_AUDIT)).filter(
    (r) => r.staffUserId === user.id,
  );
  expect(records).toMatchObject([
    { change: 'update', roles: ['marketing'], active: false, staff: { userId: admin.userId } },
    { change: 'revoke', staff: { userId: admin.userId } },
    { change: 'delete', staff: { userId: admin.userId } },
  ]);
});
