import {
  CLIENT_TYPES,
  emptyScrubCounts,
  HubMessageSchema,
  RECORDING_LIMITS,
  type RecordingLine,
  type ScrubCounts,
  scrub,
  streamNames,
} from '@console/contracts';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';

const envelope = TypeCompiler.Compile(HubMessageSchema);
const clientTypes = new Set<string>(CLIENT_TYPES);

export interface Recording {
  lines: RecordingLine[];
  truncated: boolean;
  skipped: number;
  scrubbed: ScrubCounts;
}

/**
 * A hub's messages in [from, to] out of the hub stream (an ordered consumer from the window's start
 * time), each scrubbed by the contracts' rules and kept with its offset from the first. Only the
 * envelope is kept (not the stored hubId or time); what is not a readable envelope is skipped.
 * Stops at `RECORDING_LIMITS.downloadMessages` messages or `downloadChars` characters.
 */
export async function recordHub(
  app: FastifyInstance,
  hubId: number,
  from: number,
  to: number,
): Promise<Recording> {
  const stream = streamNames(app.subjects.prefix).hubMsgs;
  const consumer = await jetstream(app.nats).consumers.get(stream, {
    filter_subjects: [app.subjects.hubMsgAll(hubId)],
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: new Date(from).toISOString(),
  });
  const lines: RecordingLine[] = [];
  const scrubbed = emptyScrubCounts();
  let skipped = 0;
  let chars = 0;
  let first: number | null = null;
  let last = 0;
  let truncated = false;
  try {
    for (;;) {
      const batch = await consumer.fetch({ max_messages: 500, expires: 1000 });
      let got = 0;
      let done = false;
      for await (const m of batch) {
        got++;
        const stored = Math.round(Number(m.info.timestampNanos) / 1e6);
        if (stored > to) {
          done = true;
          break;
        }
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(m.string());
        } catch {
          // not JSON (a malformed message on the socket log): skipped
        }
        if (!envelope.Check(parsed)) skipped++;
        else {
          const event = parsed as unknown as Record<string, unknown>;
          const at = typeof event.at === 'number' && Number.isFinite(event.at) ? event.at : stored;
          first ??= at;
          last = Math.max(last, Math.round(at - first));
          const given = typeof event.clientType === 'string' ? event.clientType : 'user';
          const { version, transactionId, senderId, direction, items } = parsed;
          const message = {
            version,
            transactionId,
            senderId,
            direction,
            class: parsed.class,
            operation: parsed.operation,
            items: scrub(items, scrubbed) as typeof items,
          };
          const line = {
            offsetMs: last,
            clientType: (clientTypes.has(given) ? given : 'user') as RecordingLine['clientType'],
            message: { ...message, senderId: scrub(senderId, scrubbed) as string },
          };
          chars += JSON.stringify(line).length + 1;
          if (lines.length >= RECORDING_LIMITS.downloadMessages || chars > RECORDING_LIMITS.downloadChars) {
            truncated = true;
            done = true;
            break;
          }
          lines.push(line);
        }
        if (m.info.pending === 0) {
          done = true;
          break;
        }
      }
      if (done || got === 0) break;
    }
  } finally {
    await consumer.delete().catch(() => false);
  }
  return { lines, truncated, skipped, scrubbed };
}
