import type {
  AccessTokenDoc,
  AgentDoc,
  AuthCodeDoc,
  AuthUserDoc,
  BackupRecordDoc,
  ClientDeviceDoc,
  COLLECTIONS,
  DeviceStatusRecordDoc,
  FirmwareQueueItemDoc,
  HubDoc,
  LogDoc,
  NotificationDoc,
  ProductArchiveDoc,
  ProductDoc,
  SocketLogDoc,
  StructureAccessRequestDoc,
  StructureDoc,
  SupportNoteDoc,
  SyncUpdateDoc,
  TransactionDoc,
  UserDoc,
  ViewHistoryDoc,
  WorkerConnectionDoc,
} from '@console/contracts';

/** One customer's Gen2 documents, keyed like COLLECTIONS (firmware releases are the world's, not a customer's). */
export interface Gen2Docs {
  users: UserDoc[];
  usersOld: UserDoc[];
  structures: StructureDoc[];
  hubs: HubDoc[];
  products: ProductDoc[];
  productArchives: ProductArchiveDoc[];
  syncUpdates: SyncUpdateDoc[];
  transactions: TransactionDoc[];
  logs: LogDoc[];
  socketLogs: SocketLogDoc[];
  workerConnections: WorkerConnectionDoc[];
  structureAccessRequests: StructureAccessRequestDoc[];
  backups: BackupRecordDoc[];
  firmwareQueue: FirmwareQueueItemDoc[];
  notifications: NotificationDoc[];
  agents: AgentDoc[];
  supportNotes: SupportNoteDoc[];
  viewHistory: ViewHistoryDoc[];
  deviceStatus: DeviceStatusRecordDoc[];
  clientDevices: ClientDeviceDoc[];
  authUsers: AuthUserDoc[];
  accessTokens: AccessTokenDoc[];
  authCodes: AuthCodeDoc[];
}

export type Gen2Key = keyof Gen2Docs & keyof typeof COLLECTIONS;

export const GEN2_KEYS: readonly Gen2Key[] = [
  'users',
  'usersOld',
  'structures',
  'hubs',
  'products',
  'productArchives',
  'syncUpdates',
  'transactions',
  'logs',
  'socketLogs',
  'workerConnections',
  'structureAccessRequests',
  'backups',
  'firmwareQueue',
  'notifications',
  'agents',
  'supportNotes',
  'viewHistory',
  'deviceStatus',
  'clientDevices',
  'authUsers',
  'accessTokens',
  'authCodes',
];

export function emptyGen2(): Gen2Docs {
  return Object.fromEntries(GEN2_KEYS.map((k) => [k, []])) as unknown as Gen2Docs;
}
