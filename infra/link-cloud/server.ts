/**
 * A small stand-in for the third-party link clouds (Philips Hue and Sonos linking, seed 000 §7
 * "Third-party link service"): the same paths, a bearer-token header, in-memory state. It is not
 * part of the console: the gateway reaches it at LINK_CLOUD_URL under /link/* (signed-in staff).
 *
 *   node infra/link-cloud/server.ts   (LINK_CLOUD_PORT 8095, LINK_CLOUD_SEED 1,
 *                                      LINK_CLOUD_CUSTOMERS 200, LINK_CLOUD_PASSWORD link-demo)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Assignment, LinkStore } from './store.ts';

export interface LinkCloudOptions {
  port?: number;
  seed: number;
  customers: number;
  /** The one password the stand-in accepts for any of its accounts. */
  password: string;
}

type Item = { assigned: Assignment | null };
type Allocation = Assignment & Record<string, unknown>;

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = '';
  for await (const chunk of req) {
    raw += chunk;
    if (raw.length > 100_000) throw new Error('too large');
  }
  const parsed = raw ? JSON.parse(raw) : {};
  return parsed && typeof parsed === 'object' ? parsed : {};
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** Applies allocations to items found by `find`; every entry must name a structure of the account. */
function assign<T extends Item>(
  allocation: unknown,
  rootGroupIds: Set<string>,
  find: (a: Allocation) => T | undefined,
): { assigned: number } | { error: string } {
  if (!Array.isArray(allocation) || allocation.length === 0) return { error: 'nonthing to assign' };
  const picked: [T, Assignment][] = [];
  for (const a of allocation as Allocation[]) {
    const item = a && typeof a === 'object' ? find(a) : undefined;
    if (!item || !rootGroupIds.has(a.rootGroupId) || !Array.isArray(a.parentGroupIds))
      return { error: 'Error' };
    picked.push([item, { rootGroupId: a.rootGroupId, parentGroupIds: a.parentGroupIds.map(String) }]);
  }
  for (const [item, to] of picked) item.assigned = to;
  return { assigned: picked.length };
}

export async function startLinkCloud(opts: LinkCloudOptions) {
  const store = new LinkStore({ seed: opts.seed, customers: opts.customers });
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://link');
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
      if (req.method === 'POST' && /^\/v2\/[a-z]+\/autouserlogin\/lwapps$/.test(url.pathname)) {
        const body = await readJson(req);
        const email = typeof body.email === 'string' ? body.email : '';
        const password = typeof body.password === 'string' ? body.password : '';
        if (!email || !password) return send(res, 400, { message: 'username & pw required for this method' });
        const token = store.login(email, password, opts.password);
        return token
          ? send(res, 200, { tokens: { access_token: token } })
          : send(res, 401, { message: 'Error' });
      }
      const account = store.account(bearer);
      if (!account) return send(res, 401, { message: 'Error' });
      const roots = new Set(account.structures.map((s) => s.rootGroupId));
      const nonce = url.searchParams.get('nonce');
      const structures = url.searchParams.get('structures') === 'true' ? account.structures : undefined;
      switch (`${req.method} ${url.pathname}`) {
        case 'GET /philipshue/discovery':
          return send(res, 200, { structures, devices: account.hue, nonce });
        case 'GET /users/discovery':
          return send(res, 200, { structures, groups: account.sonos, nonce });
        case 'POST /philipshue/assign': {
          const r = assign((await readJson(req)).allocation, roots, (a) =>
            account.hue.find((d) => d.hueDeviceId === a.hueDeviceId),
          );
          return 'error' in r ? send(res, 400, { message: r.error }) : send(res, 200, r);
        }
        case 'POST /users/assign': {
          const r = assign((await readJson(req)).allocation, roots, (a) =>
            account.sonos.find((g) => g.householdId === a.householdId && g.groupId === a.groupId),
          );
          return 'error' in r ? send(res, 400, { message: r.error }) : send(res, 200, r);
        }
        default:
          return send(res, 404, { message: 'Error' });
      }
    } catch {
      return send(res, 400, { message: 'Error' });
    }
  });
  await new Promise<void>((ok) => server.listen(opts.port ?? 0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

if (import.meta.main) {
  const env = process.env;
  const cloud = await startLinkCloud({
    port: Number(env.LINK_CLOUD_PORT ?? 8095),
    seed: Number(env.LINK_CLOUD_SEED ?? 1),
    customers: Number(env.LINK_CLOUD_CUSTOMERS ?? 200),
    password: env.LINK_CLOUD_PASSWORD ?? 'link-demo',
  });
  console.log(`link cloud stand-in on ${cloud.url}`);
}
