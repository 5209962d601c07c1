import type { HubDoc, ProductDoc } from '@console/contracts';
import type { Rng } from '../rng.ts';
import { DAY, HOUR, recent } from '../time.ts';
import { addRecords } from './records.ts';
import type { BuiltHome } from './structure.ts';
import type { Gen2Docs } from './types.ts';

const OPERATIONS = [
  ['feature', 'write'],
  ['feature', 'read'],
  ['system', 'read'],
  ['device', 'status'],
  ['automation', 'run'],
  ['group', 'read'],
] as const;
const LOGS = [
  ['homeKit', 'info', 'HomeKit pairing verified'],
  ['homeKit', 'warn', 'HomeKit accessory not responding'],
  ['system', 'info', 'Configuration saved'],
  ['system', 'error', 'Storage write retried'],
  ['device', 'info', 'Device joined'],
  ['automation', 'info', 'Automation ran'],
] as const;

export interface HistoryInput {
  seed: number;
  index: number;
  rng: Rng;
  ownerId: string;
  userIds: string[];
  flags: Set<string>;
}

/** A few past syncs, transactions, logs, socket messages and connections per hub, then the records. */
export function addHistories(input: HistoryInput, homes: BuiltHome[], docs: Gen2Docs): void {
  for (const built of homes) {
    const { products } = built.home;
    for (const hub of built.hubs) {
      const self = products.find((p) => p.linkId === hub.hubId && p.category === 'linkPlus') as ProductDoc;
      hubHistory(input, hub, self, docs);
    }
  }
  addRecords(input, homes, docs);
}

function hubHistory(input: HistoryInput, hub: HubDoc, self: ProductDoc, docs: Gen2Docs): void {
  const { rng } = input;
  const rootGroupId = hub.rootGroupId as string;
  const since = hub.createdDate.getTime();
  for (let i = rng.int(1, 2); i > 0; i--) {
    docs.syncUpdates.push({
      rootGroupId,
      linkId: hub.hubId,
      createdDate: recent(rng, 60 * DAY, since),
      state: {
        type: 'sync',
        subType: rng.pick(['full', 'partial']),
        caller: rng.pick(['link2', 'user', 'server']),
        errorCount: 0,
      },
      data: [
        {
          authedHubObj: {
            authPayload: { factoryConfig: 1, configNumber: hub.configNumber, deviceMinId: hub.deviceMinId },
          },
        },
      ],
    });
  }
  for (let i = rng.int(2, 4); i > 0; i--) {
    hubTransaction(rng, hub, input.ownerId, () => recent(rng, 14 * DAY, since), i, docs);
  }
  for (let i = rng.int(1, 3); i > 0; i--) {
    const [group, level, message] = rng.pick(LOGS);
    docs.logs.push({
      rootGroupId,
      linkId: hub.hubId,
      createdDate: recent(rng, 7 * DAY, since),
      item: { payload: { group, level, message, source: rng.pick(['link2', 'firmware', 'homekit']) } },
    });
  }
  for (let i = rng.int(1, 2); i > 0; i--) {
    const start = recent(rng, 30 * DAY, since);
    const duration = rng.int(1, 72) * HOUR + rng.int(0, 3_599_000);
    docs.workerConnections.push({
      handlerId: `link2.${hub.hubId}.${self.deviceId}`,
      clientType: 'link2',
      clientId: String(hub.hubId),
      rootGroupId,
      createdDate: start,
      removedDate: new Date(start.getTime() + duration),
      connectionDuration: duration,
      // About 1 in 20 records of older workers lack the added date (worker connections' added-date-null
      // flag); picked from the duration, so no extra draw shifts the rest of the world.
      oldWorker: { addedDate: duration % 20 === 0 ? null : start, workerUniqueId: `worker-${rng.int(1, 8)}` },
    });
  }
}

/**
 * One action a customer's app sent a hub (at `when()`, drawn after the operation): its transaction
 * record and its request and response on the socket log.
 */
export function hubTransaction(
  rng: Rng,
  hub: HubDoc,
  ownerId: string,
  when: () => Date,
  transactionId: number,
  docs: Pick<Gen2Docs, 'transactions' | 'socketLogs'>,
): void {
  const rootGroupId = hub.rootGroupId as string;
  const input = { ownerId };
  const i = transactionId;
  const [cls, operation] = rng.pick(OPERATIONS);
  const at = when();
  const success = rng.chance(0.95);
  const clientDeviceId = `app-${rng.hex(8)}`;
  docs.transactions.push({
    rootGroupId,
    linkId: hub.hubId,
    messages: [{ clientType: 'user', clientId: input.ownerId, clientDeviceId }],
    tags: [],
    successList: [success],
    startDate: at,
    class: cls,
    operation,
    duration: rng.int(20, 3000),
    success,
    warning: success && rng.chance(0.05),
    firstMsgInfo: { clientType: 'user', class: cls, operation },
    createdDate: at,
  });
  docs.socketLogs.push(
    {
      hubId: hub.hubId,
      clientId: input.ownerId,
      clientType: 'user',
      direction: 'request',
      class: cls,
      operation,
      createdDate: at,
      msg: {
        version: '1.0',
        transactionId: i,
        senderId: input.ownerId,
        direction: 'request',
        class: cls,
        operation,
        items: [{ itemId: 0, payload: {} }],
      },
    },
    {
      hubId: hub.hubId,
      clientId: input.ownerId,
      clientType: 'link2',
      direction: 'response',
      class: cls,
      operation,
      createdDate: new Date(at.getTime() + 120),
      msg: {
        version: '1.0',
        transactionId: i,
        senderId: String(hub.hubId),
        direction: 'response',
        class: cls,
        operation,
        items: [{ itemId: 0, payload: {}, success }],
      },
    },
  );
}
