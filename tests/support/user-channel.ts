/**
 * /socket-users as the browser tests drive it: a signed-in dev logs in as a customer (Login-As with
 * a reason) and authenticates the user channel, as a person would.
 */
import type { Page } from 'playwright-core';
import type { Stack } from './stack.ts';

/** Opens /socket-users on `page`, logs in as `email` for `reason` and authenticates the channel. */
export async function userChannelAs(page: Page, stack: Stack, email: string, reason: string): Promise<void> {
  await page.goto(`${stack.url}/socket-users`);
  await page.getByLabel('Login-As').check();
  await page.getByLabel('Target e-mail').fill(email);
  await page.getByLabel('Reason').fill(reason);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByText(`Logged in as ${email}`).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Authenticate' }).click();
  await page.getByText(`Authenticated as ${email}`).waitFor();
}
