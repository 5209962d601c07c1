import { landingPath, type Me } from '@console/contracts';

/** Browsers drop tabs and newlines from URLs and read a backslash as a slash. */
function hasControlOrBackslash(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || value[i] === '\\') return true;
  }
  return false;
}

/**
 * A `redirect` search param we may follow: a path on this site. Rejects absolute and
 * protocol-relative URLs ("//evil", "/\\evil", tabs that browsers strip), and the
 * login and logout screens themselves so a sign-in cannot loop.
 */
export function safeRedirect(target: unknown): string | null {
  if (typeof target !== 'string') return null;
  if (!target.startsWith('/') || target.startsWith('//')) return null;
  if (hasControlOrBackslash(target)) return null;
  const path = target.split(/[?#]/, 1)[0] ?? '';
  if (path === '/login' || path === '/logout') return null;
  return target;
}

/** Where a user goes after signing in: the safe redirect, else their landing screen. */
export function afterLoginPath(me: Pick<Me, 'roles' | 'landing'>, redirect: unknown): string {
  return safeRedirect(redirect) ?? safeRedirect(me.landing) ?? landingPath(me.roles);
}
