import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';

/** How long a new screen may take to show its heading (its first data loading), in ms. */
const HEADING_WAIT_MS = 5_000;

/**
 * Keeps the keyboard's place across screens (issue 30): when a link or button that took the person
 * to another screen has gone with the old screen, the focus would fall to the page body and the
 * next Tab start again from the top. Instead the new screen's h1 takes the focus (reachable by
 * script only, with the theme's focus ring), so Tab goes on from the screen's start. A focus that
 * is still on the page (a menu's button, a field) is left where it is; the first load and the
 * landing after signing in are left alone.
 */
export function useFocusAfterNavigation(): void {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        // The first screen, and the first after signing in, start from the page's top as a load does.
        if (!event.fromLocation || !event.pathChanged || event.fromLocation.pathname === '/login') return;
        const until = Date.now() + HEADING_WAIT_MS;
        const settle = () => {
          const active = document.activeElement;
          if (active && active !== document.body && active.isConnected) return;
          const heading = document.querySelector<HTMLElement>('main h1');
          if (!heading) {
            if (Date.now() < until) setTimeout(settle, 50);
            return;
          }
          if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
          heading.classList.add('mantine-focus-auto');
          heading.focus();
        };
        settle();
      }),
    [router],
  );
}
