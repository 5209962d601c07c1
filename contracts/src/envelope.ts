import { type Static, Type } from '@sinclair/typebox';
import type { ErrorEnvelopeSchema } from './errors.ts';
import { ROLES } from './roles.ts';
import { fields } from './world/common.ts';

/** The signed-in staff member on whose behalf the gateway forwards a request. */
export const CallerSchema = Type.Object({
  ...fields(Type.String, 'userId', 'email', 'name'),
  roles: Type.Array(Type.Union(ROLES.map((r) => Type.Literal(r)))),
  sessionId: Type.String(),
});
export type Caller = Static<typeof CallerSchema>;

/** Who did something, as audit records and stored notes name a staff member. */
export type StaffRef = Pick<Caller, 'userId' | 'email' | 'name'>;

/** The staff member of `caller` for a record: id, e-mail and name, never the roles or the session. */
export function staffOf(caller: StaffRef): StaffRef {
  return { userId: caller.userId, email: caller.email, name: caller.name };
}

/** What the gateway sends on `api.<service>.<operation>`. */
export const ServiceRequestSchema = Type.Object({
  requestId: Type.String(),
  caller: Type.Union([CallerSchema, Type.Null()]),
  ip: Type.String(),
  params: Type.Record(Type.String(), Type.Unknown()),
  query: Type.Record(Type.String(), Type.Unknown()),
  body: Type.Unknown(),
  /** The gateway's signed caller assertion; services trust `caller` and `ip` only as signed there. */
  assertion: Type.Optional(Type.String()),
});
export type ServiceRequest = Static<typeof ServiceRequestSchema>;

/** A session the auth service opened; the gateway turns it into the session cookie. */
export const SessionGrantSchema = Type.Object({
  ...fields(Type.String, 'sessionId', 'userId'),
});
export type SessionGrant = Static<typeof SessionGrantSchema>;

export type ServiceReply =
  | { ok: true; status?: number; data: unknown; session?: SessionGrant; endSession?: boolean }
  | { ok: false; error: Static<typeof ErrorEnvelopeSchema> };
