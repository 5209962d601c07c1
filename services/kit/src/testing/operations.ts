import { randomUUID } from 'node:crypto';
import {
  type Caller,
  OPERATIONS,
  operationName,
  type Role,
  type ServiceReply,
  type ServiceRequest,
  subjects,
} from '@console/contracts';
import type { NatsConnection } from '@nats-io/nats-core';
import { asGateway } from '../caller-assertion.ts';
import { uniqueName } from './infra.ts';

/** What a test puts in a request; the rest of the envelope is filled in as the gateway does. */
export interface CallInput {
  body?: unknown;
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  caller?: Caller | null;
  ip?: string;
}

export type OperationCall = (opId: string, req?: CallInput) => Promise<ServiceReply>;

/**
 * Calls operations of the operations table over NATS with the envelope the gateway's forward
 * sends (`ServiceRequest` on `api.<service>.<operation>` under the prefix), so a service test
 * meets the service exactly where the gateway does, minus the HTTP and the role check in front.
 * A failure to deliver (no responder, timeout) throws: in a service test that is a broken setup,
 * not an answer the gateway would map.
 */
export function operationClient(
  nc: NatsConnection,
  prefix: string,
  opts: { timeoutMs?: number; ip?: string } = {},
): OperationCall {
  const subj = subjects(prefix);
  return async (opId, req = {}) => {
    const op = OPERATIONS.find((o) => o.id === opId);
    if (!op) throw new Error(`unknown operation ${opId}`);
    const request: ServiceRequest = {
      requestId: randomUUID(),
      caller: req.caller ?? null,
      ip: req.ip ?? opts.ip ?? '192.0.2.1',
      params: req.params ?? {},
      query: req.query ?? {},
      body: req.body ?? null,
    };
    // Signed as the gateway signs it (the key from the environment), or the kit refuses it.
    const signed = asGateway(op.service, operationName(op), request);
    const msg = await nc.request(subj.api(op.service, operationName(op)), JSON.stringify(signed), {
      timeout: opts.timeoutMs ?? 10_000,
    });
    return msg.json<ServiceReply>();
  };
}

export type Ok = Extract<ServiceReply, { ok: true }>;

/** The reply, which must be a success (else the test fails showing the error). */
export function ok(reply: ServiceReply): Ok {
  if (!reply.ok) throw new Error(`expected success, got ${JSON.stringify(reply.error)}`);
  return reply;
}

/** The data of a reply that must be a success. */
export function data<T = Record<string, unknown>>(reply: ServiceReply): T {
  return ok(reply).data as T;
}

/** The error envelope of a reply that must be a failure. */
export function failure(reply: ServiceReply) {
  if (reply.ok) throw new Error(`expected a failure, got ${JSON.stringify(reply.data)?.slice(0, 500)}`);
  return reply.error;
}

/**
 * A caller as the gateway builds it from a session. Stable for the same roles and name unless
 * `unique` is asked for (a fresh user id, e-mail and session each time).
 */
export function testCaller(roles: Role[], name = 'Ada Admin', opts: { unique?: boolean } = {}): Caller {
  if (opts.unique) {
    return {
      userId: String(Math.floor(Math.random() * 1e6)),
      email: `${uniqueName('staff')}@console.test`,
      name,
      roles,
      sessionId: randomUUID(),
    };
  }
  return {
    userId: String(1000 + roles.length),
    email: `${name.split(' ')[0]?.toLowerCase()}@console.test`,
    name,
    roles,
    sessionId: 'test-session',
  };
}
