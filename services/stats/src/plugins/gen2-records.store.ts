import { COLLECTIONS, type HubSummary, STATS_LIMITS, type VoiceUsers } from '@console/contracts';
import type { Db } from 'mongodb';

export interface DateFilter {
  $gte?: string;
  $lte?: string;
}

const dates = (f?: DateFilter) => {
  const out: Record<string, Date> = {};
  if (f?.$gte) out.$gte = new Date(f.$gte);
  if (f?.$lte) out.$lte = new Date(f.$lte);
  return Object.keys(out).length ? out : undefined;
};

/** Reads of Gen2 documents for the panels: the daily statistics records and the voice links. */
export class Gen2RecordsStore {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async linkplusStatistics(filter: DateFilter | undefined, sort: 1 | -1, limit: number) {
    const date = dates(filter);
    const docs = await this.db
      .collection(COLLECTIONS.statistics)
      .find(date ? { date } : {}, { projection: { date: 1, 'devices.L2': 1 } })
      .sort({ date: sort })
      .limit(limit)
      .toArray();
    return docs.map((d) => ({
      date: (d.date as Date).toISOString(),
      devices: { L2: Number(d.devices?.L2 ?? 0) },
    }));
  }

  /** Hub firmware in use, config highs and HomeKit pairing: one $group and two reads of `hubs`. */
  async hubSummary(): Promise<HubSummary> {
    const hubs = this.db.collection(COLLECTIONS.hubs);
    const top = STATS_LIMITS.topTenEntries;
    const [total, homeKitPaired, firmware, highs] = await Promise.all([
      hubs.countDocuments({}),
      hubs.countDocuments({ homeKitPaired: true }),
      hubs
        .aggregate<{ _id: string; n: number }>([{ $group: { _id: '$firmwareVersion', n: { $sum: 1 } } }])
        .toArray(),
      hubs
        .find({}, { projection: { hubId: 1, rootGroupId: 1, configNumber: 1 } })
        .sort({ configNumber: -1 })
        .limit(top)
        .toArray(),
    ]);
    return {
      hubs: total,
      homeKitPaired,
      firmware: firmware
        .map((f) => ({ version: String(f._id ?? 'unknown'), hubs: f.n }))
        .sort((a, b) => b.hubs - a.hubs || a.version.localeCompare(b.version))
        .slice(0, top),
      configHighs: highs.map((h) => ({
        hubId: Number(h.hubId),
        rootGroupId: (h.rootGroupId as string | null) ?? null,
        configNumber: Number(h.configNumber),
      })),
    };
  }

  /** Users with a voice integration, by agent type and as a share of all users. */
  async voiceUsers(): Promise<VoiceUsers> {
    const agents = this.db.collection(COLLECTIONS.agents);
    const totalUsers = await this.db.collection(COLLECTIONS.users).countDocuments({});
    const byType: VoiceUsers['byType'] = [];
    for (const type of ['alexa', 'google', 'smartthings']) {
      const users = await agents.countDocuments({ type });
      const linked = await agents.countDocuments({ type, linked: true });
      byType.push({
        type,
        users,
        linked,
        percent: totalUsers ? Math.round((users / totalUsers) * 10_000) / 100 : 0,
      });
    }
    const recent = await agents
      .find({}, { projection: { userId: 1, type: 1, linked: 1, createdDate: 1 } })
      .sort({ createdDate: -1 })
      .limit(1500)
      .toArray();
    const byUser = new Map<string, { types: Set<string>; linked: boolean; createdDate: Date }>();
    for (const a of recent) {
      const u = byUser.get(a.userId) ?? {
        types: new Set<string>(),
        linked: false,
        createdDate: a.createdDate,
      };
      u.types.add(a.type);
      u.linked ||= a.linked === true;
      if (a.createdDate < u.createdDate) u.createdDate = a.createdDate;
      byUser.set(a.userId, u);
    }
    const ids = [...byUser.keys()].slice(0, 500);
    const emails = new Map<string, string>();
    const found = await this.db
      .collection(COLLECTIONS.users)
      .find({ userId: { $in: ids } }, { projection: { userId: 1, email: 1 } })
      .toArray();
    for (const u of found) emails.set(u.userId, u.email);
    const users = ids.map((userId) => {
      const u = byUser.get(userId) as { types: Set<string>; linked: boolean; createdDate: Date };
      return {
        userId,
        email: emails.get(userId) ?? '',
        types: [...u.types].sort(),
        linked: u.linked,
        createdDate: u.createdDate.toISOString(),
      };
    });
    return { totalUsers, byType, users };
  }
}
