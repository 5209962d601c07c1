import { MENU } from '@console/contracts';

/**
 * Every screen the seeds name, as a person opens it: the menu's screens (contracts/src/menu.ts) and
 * the ones reached another way (the home, a structure, a hub, its timeline, the account pages, the
 * public device catalogue). `:structure` and `:hub` stand for a structure's root group id and one of
 * its hubs, which the caller fills in from the world it runs against.
 */
const OFF_MENU = [
  '/',
  '/admin',
  '/profile',
  '/settings',
  '/signup',
  '/devices',
  '/philipshue',
  '/sonos',
  '/linkplus-product-structures-recent',
  '/supportPlus/structure/:structure',
  '/supportPlus/hub/:hub',
  '/supportPlus/hub/:hub/timeline',
];

export const SEED_SCREENS: readonly string[] = [
  ...new Set([...MENU.flatMap((area) => area.entries.map((e) => e.path)), ...OFF_MENU]),
];

/** A screen's path with its placeholders filled in. */
export function screenUrl(path: string, ids: { structure: string; hub: string }): string {
  return path
    .replace(':structure', encodeURIComponent(ids.structure))
    .replace(':hub', encodeURIComponent(ids.hub));
}
