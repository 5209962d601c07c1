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

describe('text that no store can keep', () => {
  it('refuses a NUL in a signed-out sign-in with 400, before forwarding', async () => {
    const res = await g.app.inject({
      method: 'POST',
      url: g.path('auth.login'),
      payload: '{"email":"a\\u0000b@x.io","password":"x"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body\.email contains a character that cannot be stored/);
    expect(g.seen).toHaveLength(0);
  });

  it('refuses an unpaired surrogate in a body and a NUL in a path parameter', async () => {
    const { cookie } = await g.session(['admin']);
    const body = await g.app.inject({
      method: 'POST',
      url: g.path('auth.thingsCreate'),
      payload: '{"name":"x\\ud800"}',
      headers: { cookie, 'content-type': 'application/json' },
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
    const res = await g.app.inject({
      method: 'POST',
      url: g.path('auth.thingsCreate'),
      payload: { name: true },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^body name/);
    expect(g.seen).toHaveLength(0);
  });

  it('refuses a confirmation sent as an array', async () => {
    const { cookie } = await g.session(['support']);
    const res = await g.app.inject({
      method: 'POST',
      url: g.path('hub-control.removeLink'),
      payload: { linkId: 5, confirmation: ['remove link'] },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(g.seen).toHaveLength(0);
  });

  it('still forwards the same calls well typed, and still converts path and query strings', async () => {
    const { cookie } = await g.session(['admin']);
    const res = await g.app.inject({
      method: 'POST',
      url: g.path('auth.thingsCreate'),
      payload: { name: 'lamp' },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(g.seen[0]?.body).toEqual({ name: 'lamp' });
  });
});
