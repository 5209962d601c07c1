import { describe, expect, it } from 'vitest';
import { hubEntry, type RawEvent, toEntry } from './entry.ts';

const raw = (subject: string, data: string, offset = 1): RawEvent => ({
  epoch: 'ep"1',
  offset,
  subject,
  at: 1700000000000,
  data: new TextEncoder().encode(data),
});

describe('live entries', () => {
  it('serialise the event once, keys in order, the payload embedded as received', () => {
    const body = '{"senderId":"user.1.2", "items":[],"text":"é😀"}';
    const e = hubEntry(raw('p.hub.7.msg.request.system.read', body, 5), 'p');
    expect(e.json).toBe(
      '{"epoch":"ep\\"1","offset":5,"subject":"p.hub.7.msg.request.system.read","at":1700000000000,' +
        '"kind":"message","meta":{"direction":"request","class":"system","operation":"read",' +
        `"clientType":"user"},"data":${body}}`,
    );
    expect(e).toMatchObject({ offset: 5, kind: 'message', malformed: false });
    expect(JSON.parse(e.json).meta).toEqual(e.meta);
  });

  it('keep a malformed payload as an excerpt (split surrogates escaped), offsets intact', () => {
    const bad = `{"half${'😀'.repeat(150)}`;
    const e = toEntry(raw('p.wfl.1.ping', bad, 9), 'ping');
    const parsed = JSON.parse(e.json);
    expect(e.malformed).toBe(true);
    expect(parsed).toMatchObject({ offset: 9, kind: 'ping', data: null });
    expect(parsed.malformed).toBe(bad.slice(0, 200));
    expect(e.meta).toBeUndefined();
  });
});
