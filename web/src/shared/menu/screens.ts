import { type Access, allows, MENU, type MenuArea, type Role } from '@console/contracts';

export interface Screen {
  label: string;
  path: string;
  access: Access;
}

/** Screens of the specifications that have a route but no navbar entry. */
const EXTRA_SCREENS: readonly Screen[] = [
  { label: 'Profile', path: '/profile', access: 'authenticated' },
  { label: 'Philips Hue', path: '/philipshue', access: 'authenticated' },
  { label: 'Sonos', path: '/sonos', access: 'authenticated' },
];

const SCREENS: readonly Screen[] = [...MENU.flatMap((area) => area.entries), ...EXTRA_SCREENS];

/** The known screen at a path (case-insensitive, trailing slash ignored), built or not. */
export function findScreen(path: string): Screen | null {
  const wanted = normalise(path);
  return SCREENS.find((screen) => normalise(screen.path) === wanted) ?? null;
}

/** A navbar state name (e.g. `supportplus`) to its path: `/logout?referrer=` may carry either. */
export function pathForState(state: string): string | null {
  if (state === 'main') return '/';
  for (const area of MENU) {
    const entry = area.entries.find((e) => e.state.toLowerCase() === state.toLowerCase());
    if (entry) return entry.path;
  }
  return null;
}

/** The navbar for these roles: areas and entries the roles allow, empty areas dropped. */
export function visibleMenu(roles: readonly Role[]): MenuArea[] {
  return MENU.filter((area) => allows(area.access, roles))
    .map((area) => ({ ...area, entries: area.entries.filter((entry) => allows(entry.access, roles)) }))
    .filter((area) => area.entries.length > 0);
}

function normalise(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  return (bare.length > 1 ? bare.replace(/\/+$/, '') : bare).toLowerCase();
}
