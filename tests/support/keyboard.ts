/**
 * A person with the keyboard alone (issue 30): Tab and Shift+Tab move the focus, Enter, Space and
 * the arrow keys operate what has it. After every key the focus must still be on an element of the
 * page (never dropped to the body) and visibly so: the focus ring of the theme (an outline), a
 * shadow, or for a text field its focus border. The journey also fails if a pointer was pressed on
 * the page since it began: everything it did was done with keys.
 */
import type { Locator, Page } from 'playwright-core';

const POINTER_COUNT = 'keyboard-journey-pointer-presses';

// The parts that run in the page are plain script text: this project's tests have no DOM types.

/** Counts pointer presses in this document and the ones the page navigates to. */
const COUNT_POINTER_PRESSES = `(() => {
  const key = ${JSON.stringify(POINTER_COUNT)};
  if (window[key]) return;
  window[key] = true;
  window.addEventListener('pointerdown', (e) => {
    if (e.isTrusted) sessionStorage.setItem(key, String(Number(sessionStorage.getItem(key) ?? 0) + 1));
  }, true);
})()`;

/** Where the focus is and why it does not count as visible focus, or null when it does. */
const FOCUS_PROBLEM = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body || el === document.documentElement)
    return 'the focus was lost (on the page body)';
  const label = el.getAttribute('aria-label') ?? (el.labels && el.labels[0] ? el.labels[0].textContent : null);
  const text = (el.textContent ?? '').trim().slice(0, 40);
  const name = el.tagName.toLowerCase() + (label ? ' "' + label + '"' : '') + (text ? ' "' + text + '"' : '');
  // A radio or checkbox input may be hidden behind the label or track it draws its ring on.
  const drawn = [el];
  if (el.matches('input[type=radio], input[type=checkbox]')) {
    drawn.push(...(el.labels ?? []));
    if (el.nextElementSibling) drawn.push(el.nextElementSibling);
  }
  for (const shown of drawn) {
    const s = getComputedStyle(shown);
    if (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) return null;
    if (s.boxShadow !== 'none') return null;
  }
  // Otherwise (a text field's focus border, drawn on it or on its wrapper, a menu item's
  // background) it must look different from an unfocused twin: a shallow copy of it, or of the
  // wrapper, beside it with the same classes, compared and removed.
  const props = ['borderTopColor', 'borderBottomColor', 'backgroundColor', 'outlineStyle', 'boxShadow', 'color'];
  let seen = '';
  for (let shown = el, up = 0; shown && shown !== document.body && up < 3; shown = shown.parentElement, up++) {
    const twin = shown.cloneNode(false);
    if (twin.removeAttribute) twin.removeAttribute('id');
    twin.setAttribute('aria-hidden', 'true');
    shown.after(twin);
    const a = getComputedStyle(shown);
    const b = getComputedStyle(twin);
    const differs = props.some((p) => a[p] !== b[p]);
    if (!seen) seen = props.map((p) => p + ' ' + a[p]).join(', ');
    twin.remove();
    if (differs) return null;
  }
  return name + ' has the focus with no focus indicator (it looks the same unfocused: ' + seen + ')';
})()`;

/** What the focused element is, for messages. */
const DESCRIBE_FOCUS = `(() => {
  const el = document.activeElement;
  if (!el) return 'nothing';
  const role = el.getAttribute('role');
  const what = el.tagName.toLowerCase() + (role ? '[role=' + role + ']' : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).slice(0, 3).join('.') : '');
  return what + ' ' + (el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40));
})()`;
const describeFocus = (page: Page) => page.evaluate<string>(DESCRIBE_FOCUS);

export interface KeyboardJourney {
  /** Presses `key` (e.g. 'Enter', 'ArrowDown', 'Shift+Tab'), then checks the focus is kept and visible. */
  press(key: string): Promise<void>;
  /** Types text into the focused field, then checks the focus. */
  type(text: string): Promise<void>;
  /** Presses Tab (or Shift+Tab with `back`) until `target` has the focus; fails after `max` presses. */
  tabTo(target: Locator, options?: { max?: number; back?: boolean }): Promise<void>;
  /** Fails unless the focus is on the page and visible now (after a dialog closed, a page changed). */
  expectFocus(what: string): Promise<void>;
  /** Whether `target` has the focus. */
  focused(target: Locator): Promise<boolean>;
  /** Opens `entry` of the main menu's `area` (Tab to the area, Enter, arrow keys, Enter) and waits for its path. */
  menu(area: string, entry: string, path: string): Promise<void>;
  /** Fails if a pointer was pressed on the page since the journey began. */
  noPointerUsed(): Promise<void>;
}

/** Starts a keyboard-only journey on a signed-in page (pointer presses counted from here on). */
export async function keyboardJourney(page: Page): Promise<KeyboardJourney> {
  await page.addInitScript({ content: COUNT_POINTER_PRESSES });
  await page.evaluate(COUNT_POINTER_PRESSES);
  await page.evaluate(`sessionStorage.setItem(${JSON.stringify(POINTER_COUNT)}, '0')`);

  const checkFocus = async (after: string) => {
    // A focus border fades in (Mantine's inputs: 100 ms): a first miss is looked at again.
    let problem = await page.evaluate<string | null>(FOCUS_PROBLEM);
    if (problem) {
      await page.waitForTimeout(300);
      problem = await page.evaluate<string | null>(FOCUS_PROBLEM);
    }
    if (problem) throw new Error(`after ${after}: ${problem} (the focus is on ${await describeFocus(page)})`);
  };
  const focused = (target: Locator) => target.evaluate((el) => el === el.ownerDocument.activeElement);
  const journey: KeyboardJourney = {
    async press(key) {
      await page.keyboard.press(key);
      await checkFocus(key);
    },
    async type(text) {
      await page.keyboard.type(text);
      await checkFocus(`typing ${JSON.stringify(text.slice(0, 20))}`);
    },
    async tabTo(target, { max = 80, back = false } = {}) {
      // Attached is enough: a radio or checkbox input is drawn by its label, itself hidden.
      await target.waitFor({ state: 'attached', timeout: 20_000 });
      const key = back ? 'Shift+Tab' : 'Tab';
      for (let i = 0; i < max; i++) {
        if (await focused(target)) return;
        await page.keyboard.press(key);
        // Past the page's last stop the browser's own controls have the focus (the page's body
        // here): the next Tab comes back to the page's first one.
        if (!(await page.evaluate<boolean>('document.activeElement === document.body')))
          await checkFocus(key);
      }
      if (await focused(target)) return;
      throw new Error(
        `${target} not reached with ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}; the focus is on ${await describeFocus(page)}`,
      );
    },
    focused,
    expectFocus: checkFocus,
    async menu(area, entry, path) {
      await journey.tabTo(
        page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: area }),
      );
      // Enter opens the menu with the focus on the dropdown itself (Mantine's menu: no item is
      // marked yet); the arrow keys then take it to the items, each press checked.
      await page.keyboard.press('Enter');
      const item = page.getByRole('menuitem', { name: entry, exact: true });
      await item.waitFor();
      for (let i = 0; i < 20 && !(await focused(item)); i++) await journey.press('ArrowDown');
      if (!(await focused(item))) throw new Error(`menu item ${entry} not reached with the arrow keys`);
      // Enter closes the menu (a transition that holds the focus on its dropdown until it ends) and
      // opens the screen: the focus is checked once the screen is there and the menu has closed.
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });
      await page.getByRole('menu').waitFor({ state: 'detached', timeout: 5_000 });
      await checkFocus(`Enter on ${entry}`);
    },
    async noPointerUsed() {
      const presses = Number(
        await page.evaluate<string | null>(`sessionStorage.getItem(${JSON.stringify(POINTER_COUNT)})`),
      );
      if (presses !== 0) throw new Error(`${presses} pointer presses during a keyboard-only journey`);
    },
  };
  return journey;
}
