import { HUB_PROTOCOL_VERSION, type HubMessage, LINK2_DEFAULTS } from '@console/contracts';

export interface Link2Settings {
  firmwareVersion: string;
  configNumber: number;
  factoryConfig: number;
}

export const LINK2_START: Link2Settings = { ...LINK2_DEFAULTS };

/**
 * The page's answer to a request, as a hub of these settings would give it: a system read tells
 * the firmware, config and factory config; anything else echoes its payload. `success` false
 * answers with an error instead (the reply option).
 */
export function link2Reply(req: HubMessage, hubId: number, s: Link2Settings, success: boolean): HubMessage {
  const read = req.class === 'system' && req.operation === 'read';
  const payload = read
    ? {
        handlerId: `link2.${hubId}.${hubId}`,
        firmwareVersion: s.firmwareVersion,
        configNumber: s.configNumber,
        factoryConfig: s.factoryConfig,
        devices: 0,
        automations: 0,
      }
    : { ...(req.items[0]?.payload ?? {}) };
  return {
    version: HUB_PROTOCOL_VERSION,
    transactionId: req.transactionId,
    senderId: String(hubId),
    direction: 'response',
    class: req.class,
    operation: req.operation,
    items: req.items.map((i) =>
      success
        ? { itemId: i.itemId, payload, success: true }
        : {
            itemId: i.itemId,
            payload: {},
            success: false,
            error: { group: 1, code: 500, message: 'Failed on the Link2 page' },
          },
    ),
  };
}
