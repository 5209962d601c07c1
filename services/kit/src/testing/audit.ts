import { streamNames, subjects } from '@console/contracts';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';

/** Every event of one kind the AUDIT stream holds under `prefix`, oldest first (read, not consumed). */
export async function storedAuditEvents<T = Record<string, unknown>>(
  nc: NatsConnection,
  prefix: string,
  kind: string,
): Promise<T[]> {
  const js = jetstream(nc);
  const consumer = await js.consumers.get(streamNames(prefix).audit, {
    filter_subjects: [subjects(prefix).audit(kind)],
    deliver_policy: DeliverPolicy.All,
  });
  const pending = (await consumer.info()).num_pending;
  const out: T[] = [];
  if (pending === 0) return out;
  const messages = await consumer.fetch({ max_messages: pending, expires: 5000 });
  for await (const m of messages) {
    out.push(m.json<T>());
    if (out.length >= pending) break;
  }
  return out;
}
