/**
 * Seed rows of the tools screens (issue 32) in Debian's Chromium over the real auth, supervisor and
 * gateway on a loaded world: /userEmail's 'Enter valid email.' for an empty look-up and 'Error user
 * id not found' when the user is gone before Clean or Delete (seed 002 §5), and the add-host form
 * on /supervisord (seed 000 §2), which the server refuses to anyone but an admin.
 */
import { COLLECTIONS, type HostsList } from '@console/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage, useChromium } from '../support/browser.ts';
import { createStaff, type StaffUser, signInAdmin } from '../support/people.ts';
import type { Client } from '../support/stack.ts';
import { startWorldStack, type WorldStack } from '../support/world-stack.ts';

let stack: WorldStack;
const browser = useChromium(() => stack?.stop());
let api: Client;
const people: Record<string, StaffUser> = {};

/** A new tab signed in as `who` (signedInPage waits until it has left /login). */
const signIn = (who: string): Promise<Page> => signedInPage(browser(), stack, people[who] as StaffUser);

beforeAll(async () => {
  stack = await startWorldStack('e2etools', 7, 60, { services: ['auth', 'supervisor', 'gateway'] });
  api = await signInAdmin(stack);
  for (const roles of ['admin', 'dev', 'authData,userAdmin'])
    people[roles] = await createStaff(api, roles, `${roles.replace(',', ' ')} person`);
}, 180_000);

describe('/userEmail texts', () => {
  it("says 'Enter valid email.' for an empty look-up and 'Error user id not found' for a user gone since", async () => {
    const users = stack.mongo.db.collection(COLLECTIONS.authUsers);
    const [first, second] = (await users
      .find({ legacy: { $ne: null } })
      .limit(2)
      .toArray()) as unknown as {
      email: string;
      userId: string;
    }[];
    if (!first || !second) throw new Error('the world has no two auth users with a legacy link');
    const page = await signIn('authData,userAdmin');
    await page.goto(`${stack.url}/userEmail`);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('Enter valid email.').waitFor();
    await page.getByLabel('E-mail or user id').fill('   ');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByText('Enter valid email.').waitFor();

    // A real look-up clears the text; then the user is removed behind the page's back.
    await page.getByLabel('E-mail or user id').fill(first.email);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('table', { name: 'Auth user' }).getByText(first.userId).waitFor();
    expect(await page.getByText('Enter valid email.').count()).toBe(0);
    await users.deleteOne({ userId: first.userId });
    await page.getByRole('button', { name: 'Clean legacy account' }).click();
    await page.getByText('Error user id not found').waitFor();

    await page.getByLabel('E-mail or user id').fill(second.email);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('table', { name: 'Auth user' }).getByText(second.userId).waitFor();
    await users.deleteOne({ userId: second.userId });
    await page.getByRole('button', { name: 'Delete user' }).click();
    await page.getByRole('dialog').getByLabel('Type yes to confirm').fill('yes');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Error user id not found').waitFor();
    await page.close();
  }, 60_000);
});

describe('/supervisord add host', () => {
  it('adds a host from the form (No heart beat until it sends one); a dev is refused by the server', async () => {
    const page = await signIn('admin');
    await page.goto(`${stack.url}/supervisord`);
    await page.getByRole('heading', { name: 'Supervisor Statuses' }).waitFor();
    const form = page.getByRole('form', { name: 'Add host' });
    expect(await form.getByRole('button', { name: 'Add host' }).isDisabled()).toBe(true);
    await form.getByLabel('Host name').fill('dm-east-7');
    await form.getByLabel('Host address').fill('10.1.2.7:9001');
    await form.getByRole('combobox', { name: 'Kind' }).click();
    await page.getByRole('option', { name: 'Data monitor node' }).click();
    await form.getByRole('button', { name: 'Add host' }).click();
    const section = page.getByRole('region', { name: 'Data Monitor Nodes' });
    await section.getByText('dm-east-7').first().waitFor();
    await section.getByText('No heart beat').first().waitFor();
    const hosts = ((await api.call('GET', '/api/supervisord')).json as HostsList).hosts;
    expect(hosts.find((h) => h._id === 'dm-east-7')).toMatchObject({ host: '10.1.2.7:9001' });

    // The same name again is the server's 409, shown as its message.
    await form.getByLabel('Host name').fill('dm-east-7');
    await form.getByLabel('Host address').fill('10.1.2.8:9001');
    await form.getByRole('button', { name: 'Add host' }).click();
    await page.getByText('dm-east-7 is already on the board.').waitFor();
    expect(((await api.call('GET', '/api/supervisord')).json as HostsList).hosts.length).toBe(hosts.length);
    await page.close();

    const dev = await signIn('dev');
    const status = await dev.evaluate(
      async () =>
        (
          await fetch('/api/supervisord', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'sneaky', host: '10.0.0.1:9001' }),
          })
        ).status,
    );
    expect(status).toBe(403);
    await dev.close();
  }, 60_000);
});
