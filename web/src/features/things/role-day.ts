import {
  allows,
  type HostView,
  MENU,
  type MenuEntry,
  type Role,
  type ServicesView,
} from '@console/contracts';

/** What the main screen shows a person first, by role (issue 30: each role's home shows its day). */
export type DayPart = 'support' | 'system' | 'users' | 'reports';

/** The parts of the day for these roles, in the order shown. */
export function dayParts(roles: readonly Role[]): DayPart[] {
  const admin = roles.includes('admin');
  const parts: DayPart[] = [];
  if (admin || roles.includes('support')) parts.push('support');
  if (admin || roles.includes('dev')) parts.push('system');
  if (admin) parts.push('users');
  if (admin || roles.includes('marketing')) parts.push('reports');
  return parts;
}

/** A service that needs a look: why, in words. */
export interface Unhealthy {
  name: string;
  why: string;
}

/**
 * The services that are not well: an expected service with no instance, 5xx errors, or calls no
 * instance answered in time (the services view's own figures; 4xx are the callers' business).
 */
export function unhealthyServices(view: ServicesView): Unhealthy[] {
  const out: Unhealthy[] = [];
  for (const s of view.services) {
    const why: string[] = [];
    if (s.expected && s.instances.length === 0) why.push('no instance answers');
    const errors = s.instances.reduce((n, i) => n + i.errors, 0);
    if (errors > 0) why.push(`${errors} error${errors === 1 ? '' : 's'}`);
    const timeouts = s.timeouts.reduce((n, t) => n + t.count, 0);
    if (timeouts > 0) why.push(`${timeouts} timed out`);
    if (why.length > 0) out.push({ name: s.name, why: why.join(', ') });
  }
  return out;
}

/** The hosts whose heartbeat or supervisor light is not green. */
export function unhealthyHosts(hosts: readonly HostView[]): Unhealthy[] {
  return hosts.flatMap((h) => {
    const why: string[] = [];
    if (h.derived.heartbeat !== 'ok') why.push(h.derived.heartbeat.toLowerCase());
    if (!h.derived.supervisorOk) why.push(`supervisor ${h.derived.supervisorState}`);
    return why.length > 0 ? [{ name: h.name, why: why.join(', ') }] : [];
  });
}

/** The marketing reports these roles may open (the Reports area of the menu). */
export function reportEntries(roles: readonly Role[]): MenuEntry[] {
  const area = MENU.find((a) => a.label === 'Reports');
  return area ? area.entries.filter((e) => allows(e.access, roles)) : [];
}
