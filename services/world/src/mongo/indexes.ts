import { COLLECTIONS, type CollectionName } from '@console/contracts';
import type { Db, IndexDirection } from 'mongodb';

type Keys = Record<string, IndexDirection>;
type IndexSpec = readonly [Keys] | readonly [Keys, { unique: true }];

const unique = { unique: true } as const;
const newest = { createdDate: -1 } as const;
/** One plain ascending index on each field. */
const ascending = (...fields: string[]): IndexSpec[] => fields.map((f) => [{ [f]: 1 }]);

/**
 * The Gen2 indexes: what search, the structure tabs and the overview look things up by. Only plain,
 * compound, multikey and unique indexes: no TTL, partial, sparse, text, hashed or collation
 * indexes, which FerretDB 1.x refuses or silently ignores (the world tests create every one on it).
 */
export const MONGO_INDEXES: Record<CollectionName, readonly IndexSpec[]> = {
  [COLLECTIONS.users]: [
    [{ userId: 1 }, unique],
    ...ascending('email', 'rootGroupIds', 'noRoot', 'hubId'),
    [newest],
  ],
  [COLLECTIONS.usersOld]: [[{ userId: 1 }], [{ email: 1 }]],
  [COLLECTIONS.structures]: [
    [{ rootGroupId: 1 }, unique],
    ...ascending('link2', 'userRootAccess.userId'),
    [newest],
  ],
  [COLLECTIONS.hubs]: [
    [{ hubId: 1 }, unique],
    ...ascending('rootGroupId', 'userId', 'errorState', 'lock.locked'),
  ],
  [COLLECTIONS.products]: [
    [{ deviceId: 1 }, unique],
    ...ascending('serial', 'rootGroupId', 'linkId', 'productCode', 'virtualProductCode', 'name', 'migrated'),
  ],
  [COLLECTIONS.productArchives]: [
    [{ rootGroupId: 1, createdDate: -1 }],
    ...ascending('archive.deviceId', 'linkId'),
  ],
  [COLLECTIONS.syncUpdates]: [
    [{ rootGroupId: 1, createdDate: -1 }],
    [{ linkId: 1, createdDate: -1 }],
    [{ errorSyncUpdateId: 1 }],
  ],
  [COLLECTIONS.socketLogs]: [[{ hubId: 1, createdDate: -1 }], [{ clientId: 1, createdDate: -1 }], [newest]],
  [COLLECTIONS.logs]: [[{ linkId: 1, createdDate: -1 }], [{ rootGroupId: 1, createdDate: -1 }], [newest]],
  [COLLECTIONS.workerConnections]: [
    [{ handlerId: 1, createdDate: -1 }],
    [{ clientId: 1, createdDate: -1 }],
    [{ clientType: 1, removedDate: -1 }],
  ],
  [COLLECTIONS.structureAccessRequests]: [[{ rootGroupId: 1, dateRequested: -1 }]],
  [COLLECTIONS.transactions]: [[{ rootGroupId: 1, createdDate: -1 }], [{ linkId: 1, createdDate: -1 }]],
  [COLLECTIONS.backups]: [
    [{ backupId: 1 }, unique],
    [{ linkId: 1, createdDate: -1 }],
    [{ structureId: 1, createdDate: -1 }],
  ],
  [COLLECTIONS.firmwareQueue]: [[{ rootGroupId: 1, createdDate: -1 }], [{ deviceId: 1 }]],
  [COLLECTIONS.firmwareReleases]: [[{ releaseId: 1 }, unique], [{ productCode: 1 }]],
  [COLLECTIONS.notifications]: [[{ userId: 1 }]],
  [COLLECTIONS.deviceStatus]: [[{ rootGroupId: 1, timestamp: -1 }], [{ deviceId: 1, timestamp: -1 }]],
  [COLLECTIONS.agents]: [[{ rootGroups: 1, type: 1 }], [{ userId: 1 }]],
  [COLLECTIONS.supportNotes]: [[{ customerId: 1, updatedDate: -1 }]],
  [COLLECTIONS.viewHistory]: [[{ customerId: 1, createdDate: -1 }]],
  [COLLECTIONS.clientDevices]: [[{ userId: 1 }], [{ createdDate: -1 }]],
  [COLLECTIONS.statistics]: [[{ date: 1 }, unique]],
  [COLLECTIONS.recentFailed]: [[{ createdDate: -1 }]],
  [COLLECTIONS.accessTokens]: [[{ expires_at_: 1 }], [{ user_id_: 1 }]],
  [COLLECTIONS.authCodes]: [[{ expires_at_: 1 }], [{ user_id_: 1 }]],
  [COLLECTIONS.authUsers]: [[{ userId: 1 }], [{ email: 1 }]],
};

/**
 * Creates every collection's missing indexes, one at a time; running it again changes nothing.
 * One at a time and only the missing ones: FerretDB 1.24 drops the connection (a server-side panic)
 * on a multi-index createIndexes whose indexes already exist.
 */
export async function ensureIndexes(db: Db): Promise<void> {
  const existing = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
  for (const [name, specs] of Object.entries(MONGO_INDEXES)) {
    const collection = db.collection(name);
    const have = existing.has(name) ? (await collection.indexes()).map((i) => JSON.stringify(i.key)) : [];
    for (const [key, options] of specs) {
      if (!have.includes(JSON.stringify(key))) await collection.createIndex(key, options ?? {});
    }
  }
}
