import type { Role, SupportPlusDatabase } from '@console/contracts';

/**
 * Who may read each Support Plus database through the generic query, and which fields a filter,
 * sort or projection may name. `x.*` admits every path under x. Fields come from the world
 * schemas in contracts/src/world; anything else is refused (400), so a query cannot probe fields
 * that are not part of the data model (nor secret ones: see SECRET_KEYS).
 */
export interface DatabaseRule {
  roles: readonly Role[];
  fields: readonly string[];
}

const support: readonly Role[] = ['support', 'dev'];
const USER_FIELDS = [
  '_id',
  'userId',
  'email',
  'rootGroupIds',
  'currentRootGroup',
  'licenses.*',
  'createdDate',
  'roles',
  'authUser.email',
  'shopify.*',
  'errors',
  'hubId',
  'noRoot',
];

export const QUERY_RULES: Record<SupportPlusDatabase, DatabaseRule> = {
  users: { roles: support, fields: USER_FIELDS },
  // Replaced account records: older personal data, kept for investigations by developers.
  users_old: { roles: ['dev'], fields: USER_FIELDS },
  products: {
    roles: support,
    fields: [
      '_id',
      'deviceId',
      'rootGroupId',
      'linkId',
      'productCode',
      'virtualProductCode',
      'category',
      'serial',
      'firmwareVersion',
      'attributes.*',
      'featureIds',
      'paired',
      'name',
      'createdDate',
      'deviceStatus',
      'deviceUnpaired',
      'groups',
      'icon',
      'migrated',
    ],
  },
  'product-archives': {
    roles: support,
    fields: ['_id', 'archive.*', 'rootGroupId', 'linkId', 'createdDate', 'reason', 'restoreReason'],
  },
  hubs: {
    roles: support,
    fields: [
      '_id',
      'hubId',
      'rootGroupId',
      'userId',
      'serial',
      'errorState',
      'errorSyncUpdateId',
      'lock.*',
      'firmwareVersion',
      'configNumber',
      'systemStorageNumber',
      'factoryResets',
      'factoryConfig',
      'deviceMinId',
      'homeKitPaired',
      'createdDate',
      'updatedDate',
      'stats.*',
      'firmwareInfo.*',
    ],
  },
  structures: {
    roles: support,
    fields: [
      '_id',
      'rootGroupId',
      'name',
      'version',
      'createdDate',
      'updatedDate',
      'devices.*',
      'features.*',
      '_groups.*',
      'automations.*',
      'link2',
      'licenses.*',
      'userRootAccess.*',
    ],
  },
  syncupdates: {
    roles: support,
    fields: ['_id', 'rootGroupId', 'linkId', 'createdDate', 'state.*', 'errorSyncUpdateId', 'data.*'],
  },
  socketlogs: {
    roles: support,
    fields: [
      '_id',
      'hubId',
      'clientId',
      'clientType',
      'direction',
      'class',
      'operation',
      'createdDate',
      'msg.*',
    ],
  },
  logs: { roles: support, fields: ['_id', 'rootGroupId', 'linkId', 'createdDate', 'item.*'] },
  workerconnections: {
    roles: support,
    fields: [
      '_id',
      'handlerId',
      'clientType',
      'clientId',
      'rootGroupId',
      'createdDate',
      'removedDate',
      'connectionDuration',
      'oldWorker.*',
    ],
  },
  'structure-access-requests': {
    roles: support,
    fields: [
      '_id',
      'rootGroupId',
      'dateRequested',
      'complete',
      'completeDate',
      'action',
      'status',
      'success',
      'requestingUserId',
      'fromUserId',
      'targetUserEmail',
      'accessLevel',
      'groupId',
    ],
  },
};

/**
 * Keys never returned, filtered or sorted on, at any depth (compared without case): credentials
 * and tokens. Inside an `authPayload` only AUTH_PAYLOAD_SHOWN survives (the Sync tab's counters).
 */
export const SECRET_KEYS =
  /^(password\w*|\w*passwordhash|hash|salt|\w*token|\w*secret|apikey|privatekey|sessionid|cookie|authorization|authcode|otp|signature|credentials?)$/i;
export const AUTH_PAYLOAD_SHOWN = new Set([
  'factoryConfig',
  'configNumber',
  'deviceMinId',
  'homeKitPaired',
  'systemStorageNumber',
  'firmwareVersion',
]);

/** Whether a dotted path is in the list, directly or under an `x.*` entry, with no secret segment on the way. */
export function fieldAllowed(rule: DatabaseRule, path: string): boolean {
  const segments = path.split('.');
  if (segments.some((s) => s === '' || SECRET_KEYS.test(s))) return false;
  const inAuthPayload = segments.indexOf('authPayload');
  // Only the shown counters of an authPayload, never the object itself (its equality would probe the rest).
  if (inAuthPayload >= 0 && !AUTH_PAYLOAD_SHOWN.has(segments[inAuthPayload + 1] ?? '')) return false;
  return rule.fields.some((f) =>
    f.endsWith('.*') ? path === f.slice(0, -2) || path.startsWith(f.slice(0, -1)) : path === f,
  );
}
