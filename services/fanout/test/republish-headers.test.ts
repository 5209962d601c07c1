/**
 * The live source reads four JetStream headers straight from a re-published message's header
 * block (`republish-headers.ts`). On the console's own HUB_MSGS stream, on real NATS, it must
 * read what nats-core's own decoding reads, and take that fast path (not the fallback).
 */
import { type Msg, headers as natsHeaders } from '@nats-io/nats-core';
import { describe, expect, it } from 'vitest';
import { headerBlock, republishHeaders } from '../src/live/sources/republish-headers.ts';
import { until, useStreams } from './live-helpers.ts';

const t = useStreams('rephdr');

describe('the headers of a re-published hub message', () => {
  it('read from the block are what nats-core decodes, for every message', async () => {
    const hubId = '4242';
    const got: Msg[] = [];
    const sub = t.nc.subscribe(t.s.hubLive(t.s.hubMsgAll(hubId)), { callback: (_e, m) => void got.push(m) });
    await t.nc.flush();
    const subjects = [
      t.s.hubMsg(hubId, 'notification', 'feature', 'event'),
      t.s.hubMsg(hubId, 'request', 'system', 'read'),
      t.s.hubMsg(hubId, 'notification', 'feature', 'event'),
    ];
    for (const [i, subject] of subjects.entries()) {
      // A publisher's own headers ride along: one with a colon and spaces in its value.
      const h = natsHeaders();
      h.set('X-Note', `a: b  c ${i}`);
      t.nc.publish(subject, JSON.stringify({ i }), i === 1 ? { headers: h } : undefined);
    }
    await until(() => got.length === subjects.length, 'the re-published messages');
    sub.unsubscribe();
    for (const m of got) {
      expect(headerBlock(m)).toBeInstanceOf(Uint8Array);
      const h = m.headers;
      expect(republishHeaders(m)).toEqual({
        sequence: h?.get('Nats-Sequence'),
        subject: h?.get('Nats-Subject'),
        lastSequence: h?.get('Nats-Last-Sequence') || null,
        timestamp: h?.get('Nats-Time-Stamp'),
      });
    }
    // The third names the first as the last of its subject; the first names none.
    const [first, , third] = got.map((m) => republishHeaders(m));
    expect(third?.lastSequence).toBe(first?.sequence);
    expect(first?.lastSequence ?? '0').toBe('0');
  });
});
