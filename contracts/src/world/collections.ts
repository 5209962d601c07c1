/** The Gen2 Mongo collections, by the names the specification gives them. */
export const COLLECTIONS = {
  users: 'users',
  usersOld: 'users_old',
  products: 'products',
  productArchives: 'product-archives',
  hubs: 'hubs',
  structures: 'structures',
  syncUpdates: 'syncupdates',
  socketLogs: 'socketlogs',
  logs: 'logs',
  workerConnections: 'workerconnections',
  structureAccessRequests: 'structure-access-requests',
  transactions: 'transactions',
  backups: 'backups',
  firmwareQueue: 'firmware-queue',
  firmwareReleases: 'firmware-releases',
  notifications: 'notifications',
  agents: 'agents',
  supportNotes: 'supportnotes',
  viewHistory: 'viewhistory',
  deviceStatus: 'devicestatus',
  clientDevices: 'client-devices',
  statistics: 'statistics',
  accessTokens: 'accesstokens',
  authCodes: 'authcodes',
  authUsers: 'authusers',
  /** Recent Failed Commands, kept by the writers of transactions (kit recent-failed.ts). */
  recentFailed: 'recentfailedcommands',
} as const;

export type CollectionName = (typeof COLLECTIONS)[keyof typeof COLLECTIONS];

/** The databases `POST /api/supportPlus` may name (Support Plus spec §7); nothing else is queryable that way. */
export const SUPPORT_PLUS_DATABASES = [
  COLLECTIONS.users,
  COLLECTIONS.usersOld,
  COLLECTIONS.products,
  COLLECTIONS.productArchives,
  COLLECTIONS.hubs,
  COLLECTIONS.structures,
  COLLECTIONS.syncUpdates,
  COLLECTIONS.socketLogs,
  COLLECTIONS.logs,
  COLLECTIONS.workerConnections,
  COLLECTIONS.structureAccessRequests,
] as const;

export type SupportPlusDatabase = (typeof SUPPORT_PLUS_DATABASES)[number];
