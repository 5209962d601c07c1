import type { StructureParts } from './structure-view.ts';

export interface Problem {
  source: string;
  message: string;
}

/** The Errors tab (Support Plus spec §8 data-quality list), plus the hub-card warnings. */
export function structureProblems({ structure: s, hubs, users }: StructureParts): Problem[] {
  const out: Problem[] = [];
  const features = s.features ?? {};
  const devices = s.devices ?? {};
  const groups = s._groups ?? {};
  for (const d of Object.values(devices)) {
    for (const f of d.featureIds ?? []) {
      if (!features[f])
        out.push({
          source: 'device',
          message: `Device ${d.name} (${d.deviceId}) has feature ${f}, which is not in the structure's features.`,
        });
    }
  }
  for (const f of Object.values(features)) {
    if (!devices[f.deviceId])
      out.push({
        source: 'feature',
        message: `Feature ${f.name} (${f.featureId}): Missing Device! ${f.deviceId}`,
      });
  }
  for (const g of Object.values(groups)) {
    if (g.deviceId && !devices[g.deviceId]) {
      out.push({
        source: 'group',
        message: `Group ${g.name} (${g.groupId}) names device ${g.deviceId}, which is not in the structure.`,
      });
    }
    if (g.primaryFeatureId && !(g.features ?? []).includes(g.primaryFeatureId)) {
      out.push({
        source: 'group',
        message: `Group ${g.name} (${g.groupId}): primary feature ${g.primaryFeatureId} is not among its features.`,
      });
    }
  }
  for (const a of Object.values(s.automations ?? {})) {
    for (const g of a.groups ?? []) {
      if (!groups[g])
        out.push({
          source: 'automation',
          message: `Automation ${a.name} (${a.groupId}): Missing group! ${g}`,
        });
    }
  }
  for (const u of users) {
    if (u.currentRootGroup && !(u.rootGroupIds ?? []).includes(u.currentRootGroup)) {
      out.push({
        source: 'user',
        message: `User ${u.email}: current root group ${u.currentRootGroup} is not among their root groups.`,
      });
    }
    if (u.authUser?.email && u.authUser.email.toLowerCase() !== u.email.toLowerCase()) {
      out.push({
        source: 'user',
        message: `User ${u.email}: the auth record's e-mail is ${u.authUser.email}.`,
      });
    }
    for (const e of u.errors ?? []) out.push({ source: 'user', message: `User ${u.email}: ${e}` });
  }
  const known = new Set(hubs.map((h) => h.hubId));
  for (const id of s.link2 ?? []) {
    if (!known.has(id))
      out.push({ source: 'link', message: `Link ${id} is listed in the structure but has no hub record.` });
  }
  for (const h of hubs) {
    if (h.errorState) out.push({ source: 'link', message: `Link ${h.hubId}: Link is in ErrorState` });
    if ((h.systemStorageNumber ?? 0) !== 0)
      out.push({ source: 'link', message: `Link ${h.hubId}: systemStorageNumber NOT 0` });
  }
  return out;
}
