import {
  ApiError,
  COLLECTIONS,
  type HubMessage,
  RAW_TEXT,
  RAW_USER_OPERATIONS,
  type RawCustomer,
  type StructureDoc,
} from '@console/contracts';
import { findByIds } from '@console/kit';
import type { FastifyInstance } from 'fastify';

const ops = RAW_USER_OPERATIONS;
const is = (m: HubMessage, o: { class: string; operation: string }) =>
  m.class === o.class && m.operation === o.operation;

type Scope = Pick<StructureDoc, 'rootGroupId' | 'name' | 'link2' | 'devices' | 'features' | 'userRootAccess'>;

/** Where a user channel's message goes: answered here, or sent to one of the customer's hubs. */
export type UserRoute = { kind: 'answer'; payload: Record<string, unknown> } | { kind: 'hub'; hubId: number };

/**
 * A user channel (/socket-users) speaks as a customer: what it may reach is what the customer's
 * structures hold (`users.rootGroupIds`, each structure's hubs, devices and features). Server
 * operations answer from those records; any other message names its featureId, deviceId or linkId
 * and goes to the hub holding it — never to a hub outside the customer's structures.
 */
export class UserChannel {
  private readonly app: FastifyInstance;
  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async route(customer: RawCustomer, m: HubMessage): Promise<UserRoute> {
    const structures = await this.structuresOf(customer.userId);
    const payload = (m.items[0]?.payload ?? {}) as Record<string, unknown>;
    if (is(m, ops.authenticate))
      return { kind: 'answer', payload: { authenticated: true, ...customer, structures: structures.length } };
    if (is(m, ops.hierarchy)) return { kind: 'answer', payload: hierarchy(customer, structures) };
    if (is(m, ops.discovery)) return { kind: 'answer', payload: await this.discovery(structures) };
    if (is(m, ops.deviceReadDb)) {
      const device = structures.map((s) => s.devices?.[String(payload.deviceId)]).find(Boolean);
      if (!device) throw new ApiError(404, RAW_TEXT.notUsers);
      return { kind: 'answer', payload: { device } };
    }
    if (is(m, ops.productRead)) {
      const productCode = String(payload.productCode ?? '').slice(0, 40);
      const releases = await this.app.mongo
        .collection(COLLECTIONS.firmwareReleases)
        .find({ productCode }, { projection: { _id: 0 }, limit: 50 })
        .toArray();
      return { kind: 'answer', payload: { productCode, releases } };
    }
    return { kind: 'hub', hubId: hubOf(structures, payload) };
  }

  private async structuresOf(userId: string): Promise<Scope[]> {
    const user = await this.app.mongo
      .collection<{ userId: string; rootGroupIds?: string[] }>(COLLECTIONS.users)
      .findOne({ userId }, { projection: { rootGroupIds: 1 } });
    const ids = (user?.rootGroupIds ?? []).slice(0, 200);
    if (!ids.length) return [];
    // By equality (findByIds): FerretDB reads every whole structure for an `$in`.
    const found: Scope[] = [];
    await findByIds(
      this.app.mongo.collection<Scope>(COLLECTIONS.structures),
      'rootGroupId',
      ids,
      { rootGroupId: 1, name: 1, link2: 1, devices: 1, features: 1, userRootAccess: 1 },
      (d) => found.push(d),
    );
    const order = new Map(ids.map((id, i) => [id, i]));
    return found.sort((a, b) => (order.get(a.rootGroupId) ?? 0) - (order.get(b.rootGroupId) ?? 0));
  }

  /** The customer's hubs, each with whether it is connected now and how many devices it holds. */
  private async discovery(structures: Scope[]) {
    const hubs = [];
    for (const s of structures)
      for (const hubId of s.link2 ?? []) {
        const presence = await this.app.presence.get(hubId);
        const devices = Object.values(s.devices ?? {}).filter((d) => d.linkId === hubId).length;
        hubs.push({ hubId, rootGroupId: s.rootGroupId, connected: presence?.connected === true, devices });
      }
    return { hubs };
  }
}

/** The structures, hubs, devices and features the customer can reach, and their access levels. */
function hierarchy(customer: RawCustomer, structures: Scope[]) {
  return {
    userId: customer.userId,
    structures: structures.map((s) => ({
      rootGroupId: s.rootGroupId,
      name: s.name,
      levels: (s.userRootAccess ?? []).find((a) => a.userId === customer.userId)?.levels ?? [],
      hubs: s.link2 ?? [],
      devices: Object.values(s.devices ?? {}).map(({ deviceId, name, productCode, linkId }) => ({
        deviceId,
        name,
        productCode,
        linkId,
      })),
      features: Object.values(s.features ?? {}).map((f) => ({
        featureId: f.featureId,
        name: f.name,
        type: f.attributes?.type,
        deviceId: f.deviceId,
      })),
    })),
  };
}

/** The hub a message is for, by the feature, device or link its payload names; only the customer's. */
function hubOf(structures: Scope[], payload: Record<string, unknown>): number {
  const { featureId, deviceId, linkId } = payload;
  if (featureId === undefined && deviceId === undefined && linkId === undefined)
    throw new ApiError(400, RAW_TEXT.noTarget);
  for (const s of structures) {
    const feature = typeof featureId === 'string' ? s.features?.[featureId] : undefined;
    const device = s.devices?.[String(feature?.deviceId ?? deviceId)];
    if (device && (featureId === undefined || feature)) return device.linkId;
    if (featureId === undefined && deviceId === undefined && (s.link2 ?? []).includes(Number(linkId)))
      return Number(linkId);
  }
  throw new ApiError(403, RAW_TEXT.notUsers);
}
