import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ScriptedGateway, startScriptedGateway } from './scripted-gateway.ts';

// Input the stores cannot keep, or that only becomes valid by coercion, is refused with a 400 by the
// gateway and never forwarded (issue 9 §6).
let g: ScriptedGateway;
beforeAll(async () => {
  g = await startScriptedGateway();
  for (const id of ['auth.login', 'auth.thingsCreate', 'hub-control.removeLink', 'search.findUser']) {
    g.respond(id, () => ({ ok: true, data: {} }));
  }
});
afterAll(async () => g?.close());
beforeEach(() => {
  g.seen.length = 0;
});
/** A POST of `payload` (sent as is when a string) to an operation's path. */
const post = (op: string, payload: string | object, headers: Record<string, string>) =>
  g.app.inject({ method: 'POST', url: g.path(op), payload, headers });

describe('text that no store can keep', () => {
  it('refuses a NUL in a signed-out sign-in with 400, before forwarding', async () => {
    const res = await post('auth.login', '{"email":"a\\u0000b@x.io","password":"x"}', {
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.email contains a character that cannot be stored/);
    expect(g.seen).toHaveLength(0);
  });

  it('refuses an unpaired surrogate in a body and a NUL in a path parameter', async () => {
    const { cookie } = await g.session(['admin']);
    const body = await post('auth.thingsCreate', '{"name":"x\\ud800"}', {
      cookie,
      'content-type': 'application/json',
    });
    expect(body.statusCode).toBe(400);
    const query = await g.app.inject({
      method: 'GET',
      url: `${g.path('search.findUser')}?q=a%00b`,
      headers: { cookie },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toMatch(/^query\.q /);
    expect(g.seen).toHaveLength(0);
  });
});

describe('bodies are taken as sent, never coerced', () => {
  it('refuses {"name": true} instead of creating a thing called "true"', async () => {
    const { cookie } = await g.session(['admin']);
    const res = await post('auth.thingsCreate', { name: true }, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body name/);
    expect(g.seen).toHaveLength(0);
  });

  it('refuses a confirmation sent as an array', async () => {
    const { cookie } = await g.session(['support']);
    const res = await post(
      'hub-control.removeLink',
      { linkId: 5, confirmation: ['remove link'] },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(g.seen).toHaveLength(0);
  });

  it('still forwards the same calls well typed, and still converts path and query strings', async () => {
    const { cookie } = await g.session(['admin']);
    const res = await post('auth.thingsCreate', { name: 'lamp' }, { cookie });
    expect(res.statusCode).toBe(200);
    expect(g.seen[0]?.body).toEqual({ name: 'lamp' });
  });
});
