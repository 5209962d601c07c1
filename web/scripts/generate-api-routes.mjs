// Writes src/shared/api/routes.json: each HTTP operation's method and path, by id, from the
// operations table (contracts/src/operations). The typed client (src/shared/api/call.ts) reads it
// instead of importing the table, whose schemas would add ~100 KB to the bundle. Run it after
// adding or changing an operation: `node web/scripts/generate-api-routes.mjs`
// (src/shared/api/routes.test.ts fails while the file and the table disagree).
import { writeFileSync } from 'node:fs';
import { apiRoutes } from '../src/shared/api/routes-from-table.ts';

const target = new URL('../src/shared/api/routes.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(apiRoutes(), null, 2)}\n`);
