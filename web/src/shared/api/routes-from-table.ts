import { OPERATIONS } from '@console/contracts';

/**
 * `id → "METHOD /path"` for every operation the browser reaches over HTTP, in the table's order:
 * what routes.json holds (written by scripts/generate-api-routes.mjs, checked by routes.test.ts).
 * Not for the bundle: it imports the whole table, schemas included.
 */
export function apiRoutes(): Record<string, string> {
  const routes: Record<string, string> = {};
  for (const o of OPERATIONS) {
    if (o.transport === 'ws' || o.internal) continue;
    routes[o.id] = `${o.method} ${o.path}`;
  }
  return routes;
}
