/**
 * Every NATS subject the console uses, built under one configurable prefix so that
 * several deployments (or parallel test runs) can share a NATS server.
 */
export type ServiceName = 'auth' | 'search' | 'hub-control' | 'stats' | 'supervisor' | 'simulator';

export type Direction = 'request' | 'response' | 'notification';

/** A subject token may not contain separators or wildcards. */
export function token(value: string | number): string {
  const s = String(value);
  if (s.length === 0 || /[\s.*>]/.test(s)) throw new Error(`invalid subject token: ${JSON.stringify(s)}`);
  return s;
}

export function subjects(prefix = 'console') {
  const p = prefix === '' ? '' : `${token(prefix)}.`;
  return {
    prefix,
    /** Request/reply: one console API operation, served in the queue group named after the service. */
    api: (service: ServiceName, operation: string) => `${p}api.${token(service)}.${token(operation)}`,
    /** Request/reply: a command envelope to one Gen2 hub. */
    hubCmd: (hubId: string | number) => `${p}hub.${token(hubId)}.cmd`,
    /** Event: every message in or out of a hub (the socket log). */
    hubMsg: (hubId: string | number, direction: Direction, cls: string, operation: string) =>
      `${p}hub.${token(hubId)}.msg.${token(direction)}.${token(cls)}.${token(operation)}`,
    hubMsgAll: (hubId: string | number) => `${p}hub.${token(hubId)}.msg.>`,
    /** Only the messages a hub originates (its notifications), of every class and operation. */
    hubNotifications: (hubId: string | number) => `${p}hub.${token(hubId)}.msg.notification.>`,
    hubMsgAny: () => `${p}hub.*.msg.>`,
    hubPresence: (hubId: string | number) => `${p}hub.${token(hubId)}.presence`,
    hubPresenceAny: () => `${p}hub.*.presence`,
    /** A customer's client (app, web or voice agent) connecting to or leaving the cloud. */
    clientPresence: (platform: string, clientId: string) =>
      `${p}client.${token(platform)}.${token(clientId)}.presence`,
    clientPresenceAny: () => `${p}client.*.*.presence`,
    /**
     * JetStream re-publishes every stored hub message and presence under `live.` with its stream
     * sequence in the headers: live panels listen here instead of holding a consumer each.
     */
    hubLive: (hubSubject: string) => `${p}live.${hubSubject.slice(p.length)}`,
    hubLiveAll: () => `${p}live.hub.>`,
    hubAll: () => `${p}hub.>`,
    wflCmd: (mac: string) => `${p}wfl.${token(mac)}.cmd`,
    wflPing: (mac: string) => `${p}wfl.${token(mac)}.ping`,
    hostHeartbeat: (hostId: string) => `${p}host.${token(hostId)}.heartbeat`,
    hostHeartbeatAny: () => `${p}host.*.heartbeat`,
    /** Request/reply: a command to one supervisord host (process info, restart). */
    hostCmd: (hostId: string) => `${p}host.${token(hostId)}.cmd`,
    hostCmdAny: () => `${p}host.*.cmd`,
    /** Request/reply: a gateway instance's own figures (the services view reads them via $SRV.STATS). */
    gatewayFigures: () => `${p}ops.gateway.figures`,
    /** Each fan-out instance's figures (its $SRV endpoint; every instance answers for itself). */
    fanoutFigures: () => `${p}ops.fanout.figures`,
    /** Work queue: one report job to run (its id in the body); the kind keeps one queue per report screen group. */
    reportJob: (kind: string) => `${p}reports.job.${token(kind)}`,
    reportJobAny: () => `${p}reports.job.*`,
    /**
     * Event, JetStream `STORE`: a writer of the stores (the platform, the world loader, the
     * simulator) announces records it inserted, so the statistics follow them (`store-events.ts`).
     */
    storeInserted: (collection: string) => `${p}store.${token(collection)}.inserted`,
    storeAny: () => `${p}store.*.inserted`,
    audit: (kind: string) => `${p}audit.${token(kind)}`,
    auditAny: () => `${p}audit.>`,
  };
}

export type Subjects = ReturnType<typeof subjects>;

/** JetStream stream names, prefixed the same way so parallel deployments do not collide. */
export function streamNames(prefix = 'console') {
  const p = prefix.replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase();
  return { hubMsgs: `${p}_HUB_MSGS`, audit: `${p}_AUDIT`, reports: `${p}_REPORTS`, store: `${p}_STORE` };
}
