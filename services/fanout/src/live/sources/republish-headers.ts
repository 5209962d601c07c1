import type { Msg } from '@nats-io/nats-core';

/** The JetStream headers of a re-published message that the live source reads. */
export interface RepublishHeaders {
  sequence: string | null;
  subject: string | null;
  lastSequence: string | null;
  timestamp: string | null;
}

const WANTED: Record<string, keyof RepublishHeaders> = {
  'Nats-Sequence': 'sequence',
  'Nats-Subject': 'subject',
  'Nats-Last-Sequence': 'lastSequence',
  'Nats-Time-Stamp': 'timestamp',
};

/**
 * The four headers, read straight from the message's header block. nats-core's `msg.headers`
 * decodes every header into a validated, canonicalised map first; at 32,000 hub messages a
 * second that was about 8 % of the gateway's CPU (docs/benchmarks.md, session 13). The block is
 * found through nats-core's `MsgImpl` fields (`_msg.hdr`, the header length, and `_rdata`); when
 * they are not there (another nats-core), `msg.headers` is read as before.
 * `republish-headers.test.ts` holds this to nats-core's own decoding on real re-published messages.
 */
export function republishHeaders(m: Msg): RepublishHeaders | null {
  const block = headerBlock(m);
  if (block === undefined) {
    const h = m.headers;
    if (!h) return null;
    return {
      sequence: h.get('Nats-Sequence') || null,
      subject: h.get('Nats-Subject') || null,
      lastSequence: h.get('Nats-Last-Sequence') || null,
      timestamp: h.get('Nats-Time-Stamp') || null,
    };
  }
  if (block === null) return null;
  const out: RepublishHeaders = { sequence: null, subject: null, lastSequence: null, timestamp: null };
  const text = Buffer.from(block.buffer, block.byteOffset, block.byteLength).toString('utf8');
  // "NATS/1.0\r\nKey: value\r\n…\r\n\r\n": the first line is the version (and a status, if any).
  let at = text.indexOf('\r\n');
  while (at !== -1 && at + 2 < text.length) {
    const start = at + 2;
    const end = text.indexOf('\r\n', start);
    const line = text.slice(start, end === -1 ? text.length : end);
    const colon = line.indexOf(':');
    if (colon > 0) {
      const field = WANTED[line.slice(0, colon)];
      // The first value of a header, as `MsgHdrs.get` gives it.
      if (field && out[field] === null) out[field] = line.slice(colon + 1).trim() || null;
    }
    at = end;
  }
  return out;
}

/** The raw header block; null when the message has none; undefined when nats-core's fields are not as expected. */
export function headerBlock(m: Msg): Uint8Array | null | undefined {
  const impl = m as unknown as { _msg?: { hdr?: unknown }; _rdata?: unknown };
  const hdr = impl._msg?.hdr;
  if (typeof hdr !== 'number' || !(impl._rdata instanceof Uint8Array)) return undefined;
  if (hdr <= 0) return null;
  return impl._rdata.subarray(0, hdr);
}
