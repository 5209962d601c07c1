import { describe, expect, it } from 'vitest';
import { clientTypeOf } from './client-type.ts';
import { hubEntry, type RawEvent } from './entry.ts';
import { entryFilter } from './filter.ts';

const raw = (subject: string, body: unknown): RawEvent => ({
  epoch: 'e',
  offset: 1,
  subject,
  at: 0,
  data: new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body)),
});

describe('clientTypeOf', () => {
  it('takes the declared type, then the hub itself, then a handlerId, then the direction', () => {
    expect(clientTypeOf({ clientType: 'agent', senderId: '7' }, '7', 'request')).toBe('agent');
    expect(clientTypeOf({ clientType: 'bogus', senderId: '7' }, '7', 'request')).toBe('link2');
    expect(clientTypeOf({ senderId: 7 }, '7', 'request')).toBe('link2');
    expect(clientTypeOf({ senderId: 'admin.42.web' }, '7', 'request')).toBe('admin');
    expect(clientTypeOf({}, '7', 'notification')).toBe('link2');
    expect(clientTypeOf({}, '7', 'request')).toBe('server');
    expect(clientTypeOf({ senderId: 'hub-control' }, '7', 'request')).toBe('server');
  });
});

describe('hub entries and filters', () => {
  const msg = hubEntry(raw('p.hub.7.msg.request.system.read', { senderId: 'user.1.2', items: [] }), 'p');
  const log = hubEntry(raw('p.hub.7.msg.notification.log.add', { senderId: '7', message: 'Boot OK' }), 'p');
  const presence = hubEntry(raw('p.hub.7.presence', { connected: true }), 'p');
  const bad = hubEntry(raw('p.hub.7.msg.response.device.read', '{"half'), 'p');

  it('serialises once, embedding the payload as received', () => {
    expect(JSON.parse(msg.json)).toEqual({
      epoch: 'e',
      offset: 1,
      subject: 'p.hub.7.msg.request.system.read',
      at: 0,
      kind: 'message',
      meta: { direction: 'request', class: 'system', operation: 'read', clientType: 'user' },
      data: { senderId: 'user.1.2', items: [] },
    });
    expect(JSON.parse(presence.json)).toMatchObject({ kind: 'presence', data: { connected: true } });
    expect(JSON.parse(bad.json)).toMatchObject({
      data: null,
      malformed: '{"half',
      meta: { class: 'device' },
    });
    expect(bad.malformed).toBe(true);
  });

  it('narrows messages by type, class and operation, and anything by text', () => {
    expect(entryFilter(undefined)).toBeNull();
    expect(entryFilter({ classes: [], text: ' ' })).toBeNull();
    const classes = entryFilter({ classes: ['log'] });
    expect([msg, log, presence].map((e) => classes?.(e))).toEqual([false, true, true]);
    const types = entryFilter({ clientTypes: ['link2'], operations: ['add'] });
    expect([msg, log].map((e) => types?.(e))).toEqual([false, true]);
    const text = entryFilter({ text: 'boot ok' });
    expect([msg, log, presence].map((e) => text?.(e))).toEqual([false, true, false]);
  });
});
