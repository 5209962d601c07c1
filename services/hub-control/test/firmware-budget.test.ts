import { HUB_ACTION_TEXT } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { data, failure, type HubControlHarness, startHubControl } from './harness.ts';

// A firmware update asks the hub twice (its releases, then the update). Each ask had the whole
// HUB_TIMEOUT_MS, so a slow look-up plus a silent update passed the action budget and the
// gateway's wait: the operation fuzz got a 504 from the gateway ("the hub-control service did not
// answer in time") instead of hub-control's own answer.
const BUDGET_MS = 4000;
const h = useSuite(() => startHubControl({ HUB_TIMEOUT_MS: '3000', ACTION_BUDGET_MS: String(BUDGET_MS) }));
const admin = () => h.caller(['admin'], 'Ada Admin');
const hub = (i: number) => h.fleet[i] as HubControlHarness['fleet'][number];

describe('a firmware update on a slow link', () => {
  it('gives the update only what is left of the budget and answers inside it', async () => {
    const { hubId } = hub(2);
    const device = hub(2).devices[0] as HubControlHarness['fleet'][number]['devices'][number];
    const read = data<{ items: { payload: { releases: { releaseId: string }[] } }[] }>(
      await h.call('hub-control.firmwareRead', admin(), { deviceId: device.deviceId }),
    );
    const releaseId = read.items[0]?.payload.releases[0]?.releaseId;
    expect(releaseId).toBeTruthy();
    // The look-up answers after 2.5 s; the update would too, 5 s in all against a 4 s budget.
    await h.simControl('slow', { hubId, delayMs: 2500 });
    try {
      const t0 = Date.now();
      const err = failure(
        await h.call('hub-control.firmwareUpdate', admin(), {
          deviceId: device.deviceId,
          releaseId,
          productCode: device.productCode,
        }),
      );
      const took = Date.now() - t0;
      expect(err).toMatchObject({ statusCode: 504, message: HUB_ACTION_TEXT.timeout });
      expect(took).toBeLessThan(BUDGET_MS);
    } finally {
      await h.simControl('slow', { hubId, delayMs: 0 });
    }
  });
});
