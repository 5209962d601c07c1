import type { HubDoc, ProductDoc, StructureDoc, UserDoc } from '@console/contracts';
import { hubIdHex } from '@console/contracts';

/** The narrow rows of the Gen2 search index, as read from Mongo documents or FerretDB's backend. */
export interface UserRow {
  user_id: string;
  email: string;
  root_group_ids: string[];
  hub_id: number | null;
  no_root: boolean;
  created_date: Date | null;
}
export interface StructureRow {
  root_group_id: string;
  name: string;
  link2: number[];
  user_ids: string[];
  created_date: Date | null;
}
export interface HubRow {
  hub_id: number;
  root_group_id: string | null;
  user_id: string;
  serial: string;
  error_state: boolean;
  locked: boolean;
  locked_since: Date | null;
  created_date: Date | null;
}
export interface ProductRow {
  device_id: string;
  root_group_id: string;
  link_id: number;
  serial: string;
  name: string;
  product_code: string;
  virtual_product_code: string | null;
  migrated: boolean;
}

const date = (d: unknown): Date | null => (d instanceof Date ? d : d == null ? null : new Date(d as string));

export function userRow(u: Partial<UserDoc>): UserRow {
  return {
    user_id: String(u.userId ?? ''),
    email: String(u.email ?? '').toLowerCase(),
    root_group_ids: Array.isArray(u.rootGroupIds) ? u.rootGroupIds.map(String) : [],
    hub_id: typeof u.hubId === 'number' ? u.hubId : null,
    no_root: u.noRoot === true,
    created_date: date(u.createdDate),
  };
}

export function structureRow(s: Partial<StructureDoc>): StructureRow {
  return {
    root_group_id: String(s.rootGroupId ?? ''),
    name: String(s.name ?? ''),
    link2: Array.isArray(s.link2) ? s.link2.filter((n) => typeof n === 'number') : [],
    user_ids: Array.isArray(s.userRootAccess) ? s.userRootAccess.map((a) => String(a.userId)) : [],
    created_date: date(s.createdDate),
  };
}

export function hubRow(h: Partial<HubDoc>): HubRow {
  return {
    hub_id: Number(h.hubId),
    root_group_id: h.rootGroupId ?? null,
    user_id: String(h.userId ?? ''),
    serial: String(h.serial ?? ''),
    error_state: h.errorState === true,
    locked: h.lock?.locked === true,
    locked_since: date(h.lock?.since),
    created_date: date(h.createdDate),
  };
}

export function productRow(p: Partial<ProductDoc>): ProductRow {
  return {
    device_id: String(p.deviceId ?? ''),
    root_group_id: String(p.rootGroupId ?? ''),
    link_id: Number(p.linkId ?? 0),
    serial: String(p.serial ?? ''),
    name: String(p.name ?? ''),
    product_code: String(p.productCode ?? ''),
    virtual_product_code: p.virtualProductCode ?? null,
    migrated: p.migrated === true,
  };
}

export function hexOf(hubId: number): string {
  return Number.isSafeInteger(hubId) && hubId >= 0 ? hubIdHex(hubId) : '';
}
