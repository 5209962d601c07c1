import { type HubActionResult, streamNames, subjects } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { describe, expect, it } from 'vitest';
import { auditMsgId, type HubActionAudit } from '../src/records/audit-trail.ts';
import { AuditWriter } from '../src/records/audit-writer.ts';
import { data, startHubControl } from './harness.ts';

const h = useSuite(() => startHubControl());
const admin = () => h.caller(['admin'], 'Ada Admin');
const hubId = (i: number) => (h.fleet[i] as { hubId: number }).hubId;
const count = (collection: string, filter: Record<string, unknown> = {}) =>
  h.db.collection(collection).countDocuments(filter);
const systemRead = async (i: number) =>
  data<HubActionResult>(await h.call('hub-control.systemRead', admin(), { linkId: hubId(i) }));
const SLOW = 20_000;

describe('the audit writer (hub actions off the write path)', () => {
  it('writes everything a stopped writer left in the stream once an instance runs again', async () => {
    const txBefore = await count('transactions');
    const notesBefore = await count('supportnotes');
    await h.app.auditWriter.stop();
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await systemRead(i));
    expect(results.every((r) => r.success)).toBe(true);
    // Replied, published, not written: the stream holds them for the durable consumer.
    const jsm = await jetstreamManager(h.nc);
    const info = await jsm.consumers.info(streamNames(h.prefix).audit, 'hub-control-records');
    expect(info.num_pending + info.num_ack_pending).toBe(5);
    expect(await count('transactions')).toBe(txBefore);

    const restarted = await h.another();
    await h.waitUntil(
      async () =>
        (await count('transactions')) === txBefore + 5 && (await count('supportnotes')) === notesBefore + 5,
      'records written after the restart',
      SLOW,
    );
    for (const r of results) {
      expect(await count('transactions', { transactionId: r.transactionId })).toBe(1);
    }
    await restarted.auditWriter.stop();
    await h.app.auditWriter.start();
  });

  it('writes one transaction and one note for a message delivered twice (ack lost after the write)', async () => {
    await h.app.auditWriter.stop();
    const durable = 'test-redelivery';
    let deliveries = 0;
    let loseAck = true;
    const writer = new AuditWriter(h.nc, {
      prefix: h.prefix,
      durable,
      ackWaitMs: 1000,
      sink: async (batch: HubActionAudit[]) => {
        deliveries += batch.length;
        await h.app.records.writeTransactions(batch.map((a) => a.transaction));
        await h.app.records.writeNotes(batch.map((a) => a.supportNote));
        // Written, then the process "dies" before its ack: the message comes again.
        if (loseAck) {
          loseAck = false;
          throw new Error('ack lost');
        }
      },
    });
    await writer.start();
    const txBefore = await count('transactions');
    const notesBefore = await count('supportnotes');
    const r = await systemRead(6);

    const jsm = await jetstreamManager(h.nc);
    const stream = streamNames(h.prefix).audit;
    await h.waitUntil(
      async () => {
        const info = await jsm.consumers.info(stream, durable);
        return deliveries >= 2 && info.num_pending === 0 && info.num_ack_pending === 0;
      },
      'redelivered and acknowledged',
      SLOW,
    );
    expect(deliveries).toBe(2);
    expect(await count('transactions')).toBe(txBefore + 1);
    expect(await count('transactions', { transactionId: r.transactionId })).toBe(1);
    expect(await count('supportnotes')).toBe(notesBefore + 1);
    expect(await count('supportnotes', { notes: { $regex: `on link ${hubId(6)}: success$` } })).toBe(1);

    // A publisher that sends the same record again (its ack lost) is dropped by the stream itself.
    const stored = await jsm.streams.getMessage(stream, {
      last_by_subj: subjects(h.prefix).audit('hub-action'),
    });
    const again = await jetstream(h.nc).publish(subjects(h.prefix).audit('hub-action'), stored?.data, {
      msgID: auditMsgId(r.transactionId),
    });
    expect(again.duplicate).toBe(true);

    await writer.stop();
    await jsm.consumers.delete(stream, durable);
    await h.app.auditWriter.start();
  });
});
