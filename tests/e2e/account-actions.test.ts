/**
 * Support Plus account actions on the structure page, in Debian's Chromium: the real auth, search,
 * hub-control and gateway processes over a generated world (seed 13, 40 customers). A support user
 * sees none of the buttons and the server refuses the calls (403); a user with the license and
 * roleAdmin roles adds a V5 licence (typed 'license'), edits a role chip and removes a user from
 * the structure (typed 'remove user from structure'), each leaving its automatic note; a
 * supportAdmin takes an empty structure off its user (typed 'ok'), and a userAdmin deletes a user
 * from the auth server (typed 'yes'); a no-root link's page shows its user with the licence buttons.
 */
import { COLLECTIONS, type StructureDetail } from '@console/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { confirmTyped, signedInPage, useChromium } from '../support/browser.ts';
import { createStaff, type StaffUser, signInAdmin, signInApi } from '../support/people.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let support: StaffUser;
let manager: StaffUser;
/** A structure with two users or more, one of them without a V5 licence. */
let target: {
  detail: StructureDetail;
  unlicensed: StructureDetail['users'][number];
  other: StructureDetail['users'][number];
};

beforeAll(async () => {
  stack = await startWorldStack('e2eacct', 13, 40, {
    index: 'always',
    services: ['auth', 'search', 'hub-control', 'gateway'],
  });
  const admin = await signInAdmin(stack);
  support = await createStaff(admin, 'support', 'Sam Support');
  manager = await createStaff(admin, 'support,license,roleAdmin,authData', 'Lee Manager');
  const api = await signInApi(stack, manager.email, manager.password);
  const structures = await stack.mongo.db
    .collection(COLLECTIONS.structures)
    .find({}, { projection: { rootGroupId: 1 } })
    .limit(60)
    .toArray();
  for (const s of structures) {
    const detail = (await api.call('GET', `/api/supportPlus/structure/${s.rootGroupId}`))
      .json as StructureDetail;
    // The unlicensed user must have an auth record (the role chips are kept there).
    let unlicensed: StructureDetail['users'][number] | undefined;
    for (const u of detail.users ?? []) {
      if (u.hasV5Licence) continue;
      const r = await api.call('GET', `/api/supportPlus/userAdmin/roles/${u.userId}`);
      const roles = r.json as { roles: string[]; available: string[] };
      if (r.status === 200 && roles.available.includes('installer') && !roles.roles.includes('installer')) {
        unlicensed = u;
        break;
      }
    }
    const other = detail.users?.find((u) => u.userId !== unlicensed?.userId);
    if (unlicensed && other) {
      target = { detail, unlicensed, other };
      break;
    }
  }
  expect(target, 'a structure with two users in this world').toBeDefined();
}, 240_000);

const post = (page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([p, b]) =>
      (
        await fetch(p as string, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(b),
        })
      ).status,
    [path, body] as const,
  );

async function structurePage(who: StaffUser) {
  const page = await signedInPage(browser(), stack, who);
  await page.goto(`${stack.url}/supportPlus/structure/${target.detail.structure.rootGroupId}`);
  await page.getByRole('table', { name: 'Users of the structure' }).waitFor({ timeout: 20_000 });
  return page;
}
const rowOf = (page: Page, email: string) =>
  page.getByRole('table', { name: 'Users of the structure' }).getByRole('row').filter({ hasText: email });
const notesOf = (customerId: string) =>
  stack.mongo.db.collection(COLLECTIONS.supportNotes).find({ customerId }).toArray();

describe('account actions on the structure page', () => {
  it('shows a support user none of them, and the server refuses each call', async () => {
    const page = await structurePage(support);
    const row = rowOf(page, target.unlicensed.email);
    await row.waitFor();
    for (const name of ['Add licence', 'Remove from structure', 'Roles'])
      expect(await row.getByRole('button', { name }).count(), name).toBe(0);
    const rootGroupId = target.detail.structure.rootGroupId;
    expect(
      await post(page, '/api/supportPlus/socket/license', {
        userId: target.unlicensed.userId,
        action: 'add',
        rootGroupId,
        confirmation: 'license',
      }),
    ).toBe(403);
    expect(
      await post(page, '/api/supportPlus/socket/remove-user', {
        userEmail: target.other.email,
        rootGroupId,
        confirmation: 'remove user from structure',
      }),
    ).toBe(403);
    expect(
      await post(page, `/api/supportPlus/userAdmin/roles/add/${target.unlicensed.userId}/installer`, {}),
    ).toBe(403);
    expect(await notesOf(target.unlicensed.userId)).toEqual([]);
    await page.close();
  });

  it('adds a licence after the typed word, edits a role chip, and removes a user, each with its note', async () => {
    const page = await structurePage(manager);
    const { unlicensed, other } = target;

    // Licence: the wrong word sends nothing; 'license' adds it.
    await rowOf(page, unlicensed.email).getByRole('button', { name: 'Add licence' }).click();
    const confirm = page.getByRole('dialog', { name: `Add the V5 licence of ${unlicensed.email}` });
    await confirm.getByRole('textbox').fill('licence');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForTimeout(300);
    expect(await notesOf(unlicensed.userId)).toEqual([]);
    await confirm.getByRole('textbox').fill('license');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await rowOf(page, unlicensed.email)
      .getByRole('status')
      .filter({ hasText: 'Licence added.' })
      .waitFor({ timeout: 30_000 });
    await stack.waitFor(
      async () => (await notesOf(unlicensed.userId)).some((n) => /ran License add for user/.test(n.notes)),
      'the licence note',
      { timeoutMs: 30_000 },
    );
    await rowOf(page, unlicensed.email)
      .getByRole('button', { name: 'Remove licence' })
      .waitFor({ timeout: 30_000 });

    // Role chip: the same editor as /userEmail, with its note.
    await rowOf(page, unlicensed.email).getByRole('button', { name: 'Roles' }).click();
    const roles = page.getByRole('dialog', { name: `Roles of ${unlicensed.email}` });
    await roles.getByRole('combobox', { name: 'Role to add' }).fill('installer');
    await page.getByRole('option', { name: 'installer' }).click();
    await roles.getByLabel('Support note').fill('Fits their heating');
    await roles.getByRole('button', { name: 'Add role' }).click();
    await roles.getByRole('button', { name: 'Delete role installer' }).waitFor({ timeout: 30_000 });
    await stack.waitFor(
      async () => (await notesOf(unlicensed.userId)).some((n) => /^Role installer added by/.test(n.notes)),
      'the role note',
      { timeoutMs: 30_000 },
    );
    // Escape twice: the first may only close the role list.
    await page.keyboard.press('Escape');
    if (await roles.isVisible()) await page.keyboard.press('Escape');
    await roles.waitFor({ state: 'hidden' });

    // Remove the other user: gone from the table, noted on the structure.
    await rowOf(page, other.email).getByRole('button', { name: 'Remove from structure' }).click();
    const remove = page.getByRole('dialog', { name: `Remove ${other.email} from this structure` });
    await remove.getByRole('textbox').fill('remove user from structure');
    await remove.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => rowOf(page, other.email).count(), { timeout: 20_000 }).toBe(0);
    await page
      .getByRole('region', { name: 'Link actions' })
      .getByText(`Remove User ${other.email} from structure`, { exact: false })
      .waitFor({ timeout: 30_000 });
    await page.close();
  }, 150_000);

  it('takes an empty structure off its user only for supportAdmin, after “ok”, and never a structure with links or devices', async () => {
    const admin = await signInAdmin(stack);
    const supportAdmin = await createStaff(admin, 'support,supportAdmin', 'Sue Admin');
    // An empty structure (no links, no devices) that a user still has: made here, as a customer's
    // app leaves one behind when its last link is removed.
    const users = stack.mongo.db.collection<{ userId: string; email: string; rootGroupIds: string[] }>(
      COLLECTIONS.users,
    );
    const owner = target.other;
    const found = {
      rootGroupId: `990001-${owner.userId.slice(0, 8)}`,
      userId: owner.userId,
      email: owner.email,
    };
    await stack.mongo.db.collection(COLLECTIONS.structures).insertOne({
      rootGroupId: found.rootGroupId,
      name: 'Old flat',
      link2: [],
      devices: {},
      features: {},
      _groups: {},
      automations: {},
      licenses: {},
      userRootAccess: [{ userId: owner.userId, levels: ['owner'], createdDate: new Date() }],
      createdDate: new Date(),
      updatedDate: new Date(),
    });
    await users.updateOne({ userId: owner.userId }, { $push: { rootGroupIds: found.rootGroupId } });
    const body = { userId: found.userId, rootGroupId: found.rootGroupId };

    // Without supportAdmin: refused on the server; with it, a structure with links is refused too
    // (the unlicensed user is still in the target structure; the other was removed above).
    const plain = await signInApi(stack, support.email, support.password);
    expect(
      (
        await plain.call('POST', '/api/supportPlus/socket/remove-empty-structure', {
          ...body,
          confirmation: 'ok',
        })
      ).status,
    ).toBe(403);
    const api = await signInApi(stack, supportAdmin.email, supportAdmin.password);
    const full = {
      userId: target.unlicensed.userId,
      rootGroupId: target.detail.structure.rootGroupId,
      confirmation: 'ok',
    };
    expect((await api.call('POST', '/api/supportPlus/socket/remove-empty-structure', full)).status).toBe(409);

    const page = await signedInPage(browser(), stack, supportAdmin);
    await page.goto(`${stack.url}/supportPlus/structure/${found.rootGroupId}`);
    const row = page
      .getByRole('table', { name: 'Users of the structure' })
      .getByRole('row')
      .filter({ hasText: found.email });
    await row.getByRole('button', { name: 'Remove empty structure' }).click();
    const confirm = page.getByRole('dialog', { name: `Remove this empty structure from ${found.email}` });
    await confirmTyped(confirm, 'OK', 'yes');
    await page
      .getByText(`The empty structure ${found.rootGroupId} was removed from the user.`)
      .waitFor({ timeout: 20_000 });
    const after = await users.findOne({ userId: found.userId });
    expect(after?.rootGroupIds).not.toContain(found.rootGroupId);
    await expect
      .poll(async () =>
        stack.mongo.db
          .collection(COLLECTIONS.supportNotes)
          .countDocuments({ customerId: found.userId, notes: { $regex: 'Remove empty structure' } }),
      )
      .toBe(1);
    await page.close();
  }, 120_000);

  it('deletes a user from the auth server from the structure page only for userAdmin, after “yes”', async () => {
    const admin = await signInAdmin(stack);
    const userAdmin = await createStaff(admin, 'support,userAdmin', 'Uma Admin');
    const victim = target.unlicensed;
    const authUsers = stack.mongo.db.collection(COLLECTIONS.authUsers);
    expect(await authUsers.countDocuments({ userId: victim.userId })).toBe(1);
    // A support user is not offered it (checked at the top) and the server refuses it.
    const plain = await signInApi(stack, support.email, support.password);
    expect((await plain.call('DELETE', `/api/impersonate-user/${victim.userId}?confirm=yes`)).status).toBe(
      403,
    );

    const page = await signedInPage(browser(), stack, userAdmin);
    await page.goto(`${stack.url}/supportPlus/structure/${target.detail.structure.rootGroupId}`);
    const row = page
      .getByRole('table', { name: 'Users of the structure' })
      .getByRole('row')
      .filter({ hasText: victim.email });
    await row.getByRole('button', { name: 'Delete user' }).click();
    const confirm = page.getByRole('dialog', { name: /^Delete .* from the auth server/ });
    await confirmTyped(confirm, 'yes', 'no');
    await row.getByRole('status').waitFor({ timeout: 20_000 });
    await expect.poll(() => authUsers.countDocuments({ userId: victim.userId })).toBe(0);
    await page.close();
  }, 120_000);

  it('shows a no-root link’s user with the licence buttons, and adds a licence there', async () => {
    const hub = await stack.mongo.db
      .collection<{ hubId: number; userId: string }>(COLLECTIONS.hubs)
      .findOne({ rootGroupId: null });
    if (!hub) throw new Error('this world has no no-root link');
    const users = stack.mongo.db.collection<{
      userId: string;
      email: string;
      licenses?: { v5?: { license?: boolean } };
    }>(COLLECTIONS.users);
    const owner = await users.findOne({ hubId: hub.hubId });
    if (!owner) throw new Error(`no user has the no-root link ${hub.hubId}`);
    const licensed = owner.licenses?.v5?.license === true;

    const page = await signedInPage(browser(), stack, manager);
    await page.goto(`${stack.url}/supportPlus/hub/${hub.hubId}`);
    const view = page.getByRole('region', { name: 'No-root link' });
    const row = view.getByRole('group', { name: `User ${owner.email}` });
    await row.getByText(owner.userId, { exact: true }).waitFor({ timeout: 20_000 });
    expect(await row.getByRole('button', { name: 'Remove from structure' }).count()).toBe(0);
    await row.getByRole('button', { name: licensed ? 'Remove licence' : 'Add licence' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('textbox').fill('license');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await row.getByText(licensed ? 'Licence removed.' : 'Licence added.').waitFor({ timeout: 20_000 });
    await expect
      .poll(async () => (await users.findOne({ userId: owner.userId }))?.licenses?.v5?.license === true)
      .toBe(!licensed);
    await page.close();
  }, 90_000);
});
