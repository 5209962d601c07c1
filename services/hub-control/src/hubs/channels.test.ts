import type { HubPresence } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { pageOf } from './channels.ts';

const at = 1_700_000_000_000;
const hub = (hubId: number): HubPresence => ({
  hubId,
  rootGroupId: `r${hubId}`,
  connected: true,
  workerId: 'w1',
  since: at - 1000,
  at,
});

describe('pageOf', () => {
  const live = [40, 10, 30, 20, 50].map(hub);

  it('pages by hubId from a marker until the end, with the total on every page', () => {
    const first = pageOf(live, 0, 2);
    expect(first.channels.map((c) => c.hubId)).toEqual([10, 20]);
    expect(first).toMatchObject({ total: 5, continueFrom: '20' });
    const second = pageOf(live, 20, 2);
    expect(second.channels.map((c) => c.hubId)).toEqual([30, 40]);
    const last = pageOf(live, Number(second.continueFrom), 2);
    expect(last.channels.map((c) => c.hubId)).toEqual([50]);
    expect(last.continueFrom).toBeNull();
  });

  it('ends exactly at a full last page, without an empty extra page', () => {
    expect(pageOf(live, 30, 2).continueFrom).toBeNull();
  });

  it('neither repeats nor skips a hub when another one leaves between pages', () => {
    const first = pageOf(live, 0, 2);
    const without20 = live.filter((p) => p.hubId !== 20);
    expect(pageOf(without20, Number(first.continueFrom), 2).channels.map((c) => c.hubId)).toEqual([30, 40]);
  });

  it('names each channel type.clientId.deviceId, with the hex id and when it connected', () => {
    expect(pageOf([hub(3154116608)], 0, 1).channels[0]).toEqual({
      handlerId: 'link2.3154116608.3154116608',
      hubId: 3154116608,
      hubIdHex: 'bc000000',
      workerId: 'w1',
      connectedSince: at - 1000,
      lastSeen: at,
    });
  });
});
