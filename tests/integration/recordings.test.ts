/**
 * Record and replay end to end: the real simulator, hub-control, auth and gateway processes on the
 * real NATS, Postgres, Redis and Mongo-compatible server. A simulated hub's window is recorded
 * through the gateway (scrubbed), replayed as a new simulated hub, and that hub answers a command
 * from the recorded reply.
 */
import {
  type HubActionResult,
  parseRecording,
  type RecordingLine,
  type ReplayStarted,
  recordingText,
  type SimHub,
  subjects,
} from '@console/contracts';
import { storedAuditEvents } from '@console/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubStack, startHubStack } from '../support/hub-stack.ts';
import { signInAdmin, staffClient } from '../support/people.ts';
import type { Client } from '../support/stack.ts';

let stack: HubStack;
let support: Client;
let nobody: Client;
let hub: SimHub;

const socket = (name: string) => `/api/supportPlus/socket/${name}`;

beforeAll(async () => {
  stack = await startHubStack({ hubs: 2, seed: 5, env: { HUB_TIMEOUT_MS: '2000' } });
  const admin = await signInAdmin(stack);
  support = await staffClient(stack, admin, 'support', 'Rita Recorder');
  nobody = await staffClient(stack, admin, '', 'Nils Noroles');
  hub = stack.fleet[0] as SimHub;
  await stack.hubsConnected(admin);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const PERSONAL = {
  email: 'jane.doe@example.com',
  name: 'Jane Doe',
  token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl',
  lat: 52.52,
  lon: 13.405,
};

describe('record a hub, replay it as a new hub', () => {
  let lines: RecordingLine[] = [];

  it('records a window of a simulated hub with personal data scrubbed', async () => {
    const from = Date.now() - 1;
    // A staff action: the hub's request and reply are on its socket log.
    const read = await support.call('POST', socket('system-read'), { linkId: hub.hubId });
    expect(read.status).toBe(200);
    const readResult = read.json as HubActionResult;
    // A message of that hub carrying personal data (as a user update would), on its socket log.
    const s = subjects(stack.prefix);
    stack.nc.publish(
      s.hubMsg(hub.hubId, 'notification', 'user', 'update'),
      JSON.stringify({
        version: '1.0',
        transactionId: 9,
        senderId: String(hub.hubId),
        direction: 'notification',
        class: 'user',
        operation: 'update',
        items: [
          {
            itemId: 0,
            success: true,
            payload: {
              user: { name: PERSONAL.name, contact: `mail ${PERSONAL.email}`, accessToken: PERSONAL.token },
              home: { location: { lat: PERSONAL.lat, lon: PERSONAL.lon }, latitude: PERSONAL.lat },
              note: `Bearer ${PERSONAL.token}`,
            },
          },
        ],
        hubId: hub.hubId,
        clientType: 'link2',
        at: Date.now(),
      }),
    );
    await stack.nc.flush();
    const to = Date.now() + 500;
    await new Promise((r) => setTimeout(r, 600));

    expect(
      (await nobody.call('GET', `/api/supportPlus/hub/${hub.hubId}/recording?from=${from}&to=${to}`)).status,
    ).toBe(403);
    const bad = await support.call(
      'GET',
      `/api/supportPlus/hub/${hub.hubId}/recording?from=${to}&to=${from}`,
    );
    expect(bad.status).toBe(400);

    const res = await support.call(
      'GET',
      `/api/supportPlus/hub/${hub.hubId}/recording?from=${from}&to=${to}`,
    );
    expect(res.status).toBe(200);
    const rec = res.json as { lines: RecordingLine[]; scrubbed: Record<string, number>; messages: number };
    lines = rec.lines;
    const kinds = lines.map((l) => `${l.message.direction}:${l.message.class}.${l.message.operation}`);
    expect(kinds).toEqual(
      expect.arrayContaining(['request:system.read', 'response:system.read', 'notification:user.update']),
    );
    const request = lines.find((l) => l.message.direction === 'request');
    expect(request?.message.transactionId).toBe(readResult.transactionId);
    // Offsets start at 0 and never go back.
    expect(lines[0]?.offsetMs).toBe(0);
    expect(lines.every((l, i) => i === 0 || l.offsetMs >= (lines[i - 1] as RecordingLine).offsetMs)).toBe(
      true,
    );

    const text = JSON.stringify(lines);
    expect(text).not.toContain(PERSONAL.email);
    expect(text).not.toContain(PERSONAL.name);
    expect(text).not.toContain(PERSONAL.token);
    expect(text).not.toContain(String(PERSONAL.lat));
    expect(text).not.toContain(String(PERSONAL.lon));
    expect(text).toContain('<email>');
    expect(rec.scrubbed).toMatchObject({ email: 1, name: 1, coordinate: 2 });
    expect(rec.scrubbed.token).toBeGreaterThanOrEqual(2);
    // The download is valid JSON lines for an upload.
    expect(parseRecording(recordingText(lines)).problems).toEqual([]);
  });

  it('refuses an upload with bad lines, naming them', async () => {
    const text = `${recordingText(lines.slice(0, 1))}{"offsetMs":1}\nnot json\n`;
    const res = await support.call('POST', '/api/supportPlus/hub-replay', { speed: 1, recording: text });
    expect(res.status).toBe(400);
    const message = (res.json as { message: string }).message;
    expect(message).toContain('line 2');
    expect(message).toContain('line 3: not JSON');
    expect(
      (await nobody.call('POST', '/api/supportPlus/hub-replay', { speed: 1, recording: text })).status,
    ).toBe(403);
    const tooFast = await support.call('POST', '/api/supportPlus/hub-replay', { speed: 3, recording: text });
    expect(tooFast.status).toBe(400);
  });

  it('replays the recording as a new hub that answers a command from the recorded reply', async () => {
    const seen: string[] = [];
    const sub = stack.nc.subscribe(`${stack.prefix}.hub.*.msg.>`, {
      callback: (_e, m) => {
        const e = JSON.parse(m.string()) as {
          hubId: number;
          direction: string;
          class: string;
          operation: string;
        };
        if (e.hubId !== hub.hubId) seen.push(`${e.direction}:${e.class}.${e.operation}`);
      },
    });
    await stack.nc.flush();
    const res = await support.call('POST', '/api/supportPlus/hub-replay', {
      speed: 10,
      recording: recordingText(lines),
      fileName: 'hub.jsonl',
    });
    expect(res.status).toBe(200);
    const started = res.json as ReplayStarted;
    expect(started.hubId).not.toBe(hub.hubId);
    expect(started.messages).toBe(lines.length);
    await stack.waitFor(() => seen.length >= lines.length, 'the replay played', { timeoutMs: 10_000 });
    expect(seen.slice(0, lines.length)).toEqual(
      lines.map((l) => `${l.message.direction}:${l.message.class}.${l.message.operation}`),
    );
    sub.unsubscribe();

    // The new hub is online (its presence) and answers a system read from the recorded reply.
    const recorded = lines.find((l) => l.message.direction === 'response' && l.message.class === 'system');
    let read = await support.call('POST', socket('system-read'), { linkId: started.hubId });
    for (let i = 0; i < 20 && read.status === 409; i++) {
      await new Promise((r) => setTimeout(r, 200));
      read = await support.call('POST', socket('system-read'), { linkId: started.hubId });
    }
    expect(read.status).toBe(200);
    const result = read.json as HubActionResult;
    expect(result.hubId).toBe(started.hubId);
    expect(result.success).toBe(true);
    expect(result.items[0]?.payload).toEqual(recorded?.message.items[0]?.payload);

    // Both the recording and the replay are on the audit record, with who did them.
    const audit = await storedAuditEvents<{ action: string; hubId: number; staff: { name: string } }>(
      stack.nc,
      stack.prefix,
      'recording',
    );
    expect(audit.map((a) => [a.action, a.hubId, a.staff.name])).toEqual(
      expect.arrayContaining([
        ['record', hub.hubId, 'Rita Recorder'],
        ['replay', started.hubId, 'Rita Recorder'],
      ]),
    );
  });
});
