import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { oneTimeCode } from '@console/kit/testing';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { Stack } from './stack.ts';

const root = resolve(import.meta.dirname, '../..');
/** What the built console is made from: a change to any of these means web/dist is stale. */
const SOURCES = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'contracts/src'];

function newest(path: string): { path: string; mtimeMs: number } {
  const stat = statSync(path);
  if (!stat.isDirectory()) return { path, mtimeMs: stat.mtimeMs };
  let best = { path, mtimeMs: 0 };
  for (const entry of readdirSync(path)) {
    // Unit tests beside the source are not part of the bundle.
    if (/\.test\.tsx?$/.test(entry)) continue;
    const found = newest(join(path, entry));
    if (found.mtimeMs > best.mtimeMs) best = found;
  }
  return best;
}

/**
 * Fails at once, saying what to do, when the browser tests would run against no console or an old
 * one: web/dist must exist and be newer than every source it is built from.
 */
export function assertConsoleBuilt(): void {
  const index = resolve(root, 'web/dist/index.html');
  const rebuild = 'build the console first (pnpm --filter @console/web build)';
  if (!existsSync(index)) throw new Error(`web/dist is missing: ${rebuild}`);
  const built = statSync(index).mtimeMs;
  for (const source of SOURCES) {
    const path = resolve(root, source);
    if (!existsSync(path)) continue;
    const latest = newest(path);
    if (latest.mtimeMs > built) {
      throw new Error(`web/dist is older than ${relative(root, latest.path)}: ${rebuild}`);
    }
  }
}

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

/**
 * The file's Chromium, for a browser test: before its tests, checks the console is built and
 * launches the browser; after them, closes it and then runs `after` (the file's own teardown, such
 * as stopping its stack: the browser goes first, so no page holds a socket the stack waits for).
 */
export function useChromium(after?: () => unknown): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    assertConsoleBuilt();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await after?.();
  });
  return () => {
    if (!browser) throw new Error('Chromium is not running: useChromium() opens it before the tests');
    return browser;
  };
}

/** A new tab signed in as `who` (see `signInPage`); where it lands is for the test to check. */
export async function signedInPage(
  opener: Browser | BrowserContext,
  stack: Stack,
  who: { email: string; password: string },
  opts: { oneTimeCode?: boolean } = {},
): Promise<Page> {
  const page = await opener.newPage();
  await signInPage(page, stack, who, opts);
  return page;
}

/**
 * Signs in through the console's real login page as a person would; with `oneTimeCode`, it waits
 * for the code step and types the code read from the captured mailbox. Where the page lands is
 * for the test to check.
 */
export async function signInPage(
  page: Page,
  stack: Stack,
  who: { email: string; password: string },
  opts: { oneTimeCode?: boolean } = {},
): Promise<void> {
  const since = await submitLogin(page, stack, who);
  if (opts.oneTimeCode) {
    await page.getByLabel('One-time code').waitFor();
    const code = await oneTimeCode(stack.infra.MAILBOX_URL, who.email, { since });
    await page.getByLabel('One-time code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  // Signing in hashes a password (argon2id) and may take seconds on a loaded machine; the
  // caller's own check of where the user landed then asserts the destination, not the wait.
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
}

/**
 * The login page's first step as a person takes it: e-mail, password, Sign in. Returns the time just
 * before the click, from which a one-time code's mail is looked for.
 */
export async function submitLogin(
  page: Page,
  stack: Stack,
  who: { email: string; password: string },
): Promise<number> {
  await page.goto(`${stack.url}/login`);
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  const since = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  return since;
}

/**
 * A typed-confirmation dialog as a person meets it: the wrong words are refused ('Wrong
 * Confirmation', nothing sent), then the right ones confirm.
 */
export async function confirmTyped(dialog: Locator, right: string, wrong = 'nope'): Promise<void> {
  await dialog.getByRole('textbox').fill(wrong);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.getByText('Wrong Confirmation').waitFor();
  await dialog.getByRole('textbox').fill(right);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
}
