import { type Deployment, otherDeployments } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { channelUrl, namedDeployment } from './deployments.ts';
import { chunkMessage, chunksOf, FIRMWARE_TEXT, firmwareData, uploadRefusal } from './firmware.ts';
import { adminTrim, append, itemsPage, type LogRecord, NO_FILTER, shows } from './log.ts';
import { linkIds } from './MoveLinksPanel.tsx';
import { storedEntryProblem, withEntry } from './stored-list.ts';
import { ADMIN_TEMPLATES, incremented, parseSendBox, request } from './templates.ts';

const rec = (id: number, cls: string, op: string, extra: Partial<LogRecord> = {}): LogRecord => ({
  id,
  created: 0,
  source: 'in',
  msg: { class: cls, operation: op, direction: 'response' },
  ...extra,
});

describe('the console log', () => {
  it('trims at 100 to the newest 50, and the admin log at its max rows to half (20 → 10)', () => {
    let log: LogRecord[] = [];
    for (let i = 1; i <= 101; i++) log = append(log, rec(i, 'system', 'read'), { at: 100, to: 50 });
    expect(log).toHaveLength(50);
    expect(log[0]?.id).toBe(101);
    expect(adminTrim(20)).toEqual({ at: 20, to: 10 });
  });

  it('lets includes override excludes, and hides events, notifications and debug by their boxes', () => {
    const f = { ...NO_FILTER, excludeClasses: ['system'], includeOperations: ['read'] };
    expect(shows(rec(1, 'system', 'read'), f)).toBe(true);
    expect(shows(rec(2, 'system', 'sync'), f)).toBe(false);
    expect(shows(rec(3, 'feature', 'write'), { ...NO_FILTER, excludeClasses: ['system'] })).toBe(true);
    expect(shows(rec(4, 'log', 'add', { source: 'event' }), { ...NO_FILTER, events: false })).toBe(false);
    expect(shows(rec(5, 'x', 'y', { source: 'debug' }), NO_FILTER)).toBe(false);
    expect(shows(rec(6, 'system', 'read', { handlerId: '4660' }), { ...NO_FILTER, text: '466' })).toBe(true);
  });

  it('pages a message’s items 10 at a time', () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    expect(itemsPage(items, 2)).toEqual({ items: [20, 21, 22], page: 2, pages: 3 });
    expect(itemsPage(items, 9).page).toBe(2);
  });
});

describe('firmware upload', () => {
  it('takes .txt or .json only, with data or items[0].payload.fragmentData', () => {
    expect(firmwareData('fw.bin', 'x')).toEqual({ error: FIRMWARE_TEXT.extension });
    expect(firmwareData('fw.txt', '')).toEqual({ error: FIRMWARE_TEXT.noData });
    expect(
      firmwareData('fw.json', '{"items":[{"payload":{"fragmentData":"abc"}}],"version":"1.2.3"}'),
    ).toEqual({
      data: 'abc',
      header: { version: '1.2.3' },
    });
    expect(firmwareData('fw.json', '{"other":1}')).toEqual({ error: FIRMWARE_TEXT.noData });
  });

  it('cuts 100-character chunks and addresses them by option', () => {
    expect(chunksOf('x'.repeat(250)).map((c) => c.length)).toEqual([100, 100, 50]);
    const base = {
      linkId: '42',
      header: {},
      fileName: 'f.txt',
      index: 0,
      count: 1,
      data: 'ab',
      transactionId: 1,
      senderId: 's',
    };
    expect(chunkMessage('direct', base).to).toBe('42');
    expect(chunkMessage('link-direct', base).message).toMatchObject({
      class: 'linkDirect',
      operation: 'send',
    });
    expect(chunkMessage('db', base).message).toMatchObject({ class: 'firmware', operation: 'add' });
    expect(uploadRefusal('db', '', {})).toBe(FIRMWARE_TEXT.needsHeader);
    expect(uploadRefusal('link-direct', '', {})).toBe(FIRMWARE_TEXT.needsLink);
  });
});

describe('send box, templates and stored lists', () => {
  it('has the twelve templates, refuses an empty message, and Inc. itemId moves ids on', () => {
    expect(ADMIN_TEMPLATES.map((t) => t.label)).toHaveLength(12);
    expect(parseSendBox('  ')).toEqual({ error: 'No message text to send.' });
    const m = request('admin.1', 'system', 'read');
    const next = incremented(m);
    expect(next.transactionId).toBeGreaterThan(m.transactionId);
    expect(next.items[0]?.itemId).toBe(1);
  });

  it('keeps the newest entries without repeats and refuses entries over 1000 characters', () => {
    expect(withEntry(['a', 'b'], 'b', 5)).toEqual(['b', 'a']);
    expect(withEntry(['a', 'b', 'c'], 'd', 3)).toEqual(['d', 'a', 'b']);
    expect(storedEntryProblem('x'.repeat(1001))).toMatch(/at most 1000/);
    expect(linkIds(' 1, 2,,1 ,3')).toEqual(['1', '2', '3']);
  });
});

describe('the server selection (User Sockets)', () => {
  const own: Deployment = {
    label: 'this console',
    webSocketHost: 'localhost:4181',
    authHost: '',
    protocol: 'wss',
    current: true,
  };
  const stage: Deployment = {
    label: 'stage',
    webSocketHost: 'stage.example:4181',
    authHost: 'auth.stage.example',
    protocol: 'wss',
    current: false,
  };
  const list = [own, stage];

  it("takes hostName and authHost only when a configured deployment has them, and connects to that one's /ws", () => {
    expect(namedDeployment(list)).toEqual({ deployment: own, problem: null });
    expect(namedDeployment(list, 'stage.example:4181')).toEqual({ deployment: stage, problem: null });
    expect(namedDeployment(list, undefined, 'auth.stage.example').deployment).toBe(stage);
    expect(namedDeployment(list, 'stage.example:4181', 'auth.stage.example').deployment).toBe(stage);
    expect(channelUrl(stage)).toBe('wss://stage.example:4181/ws');
    expect(channelUrl(own)).toBeUndefined();
  });

  it('refuses a host no deployment has, staying on this console with a message', () => {
    const r = namedDeployment(list, 'evil.example:443');
    expect(r.deployment).toBe(own);
    expect(r.problem).toBe(
      'No deployment this console knows has host evil.example:443: connected to this console instead. Choose a server from the list.',
    );
    // A known host with another deployment's auth host is no deployment either.
    expect(namedDeployment(list, 'stage.example:4181', 'evil-auth.example').problem).toContain(
      'host stage.example:4181 and auth host evil-auth.example',
    );
  });

  it('reads OTHER_DEPLOYMENTS strictly: JSON, the four fields, a host:port host', () => {
    const listed = { label: 'stage', webSocketHost: 'stage.example:4181', authHost: '', protocol: 'ws' };
    expect(otherDeployments(JSON.stringify([listed]))).toEqual([listed]);
    expect(() => otherDeployments('nope')).toThrow('OTHER_DEPLOYMENTS is not JSON');
    expect(() => otherDeployments(JSON.stringify([{ ...listed, webSocketHost: 'http://x/y' }]))).toThrow(
      /OTHER_DEPLOYMENTS: \/0\/webSocketHost/,
    );
    expect(() => otherDeployments(JSON.stringify([{ ...listed, extra: 1 }]))).toThrow(/OTHER_DEPLOYMENTS/);
  });
});
