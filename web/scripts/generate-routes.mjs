// Writes src/routeTree.gen.ts without a Vite run, so `tsc -b` works on a fresh clone
// (the file is generated, not committed). Runs on install; `vite build` and `vite` regenerate it too.
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = getConfig({ disableLogging: true }, root);
await new Generator({ config, root }).run();
