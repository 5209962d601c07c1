import type { Backup } from '@console/contracts';
import { findByIds } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Collection } from 'mongodb';

declare module 'fastify' {
  interface FastifyInstance {
    backups: BackupsRepository;
  }
}

export interface BackupSummary {
  createdDate: string;
  reason: string;
  firmwareVersion: string;
}

/**
 * Backups the hubs reported (Support Plus spec §3 Backup), kept as the server's record: listed,
 * kept (keep: true) and restored (restores + 1). Also how a backup id finds its link.
 */
export class BackupsRepository {
  private readonly backups: Collection<Backup & { updatedDate: Date }>;
  constructor(backups: Collection<Backup & { updatedDate: Date }>) {
    this.backups = backups;
  }

  async ensureIndexes(): Promise<void> {
    await this.backups.createIndex({ backupId: 1 }, { unique: true });
    await this.backups.createIndex({ linkId: 1, createdDate: -1 });
  }

  /**
   * Keeps a backup the hub reported, its `createdDate` stored as a date as the world's are: the
   * Backups tab pages on it ('Get More' asks for those before a date), which a string never matches.
   */
  async save(b: Backup): Promise<void> {
    const stored = { ...b, createdDate: new Date(b.createdDate), updatedDate: new Date() };
    await this.backups.replaceOne(
      { backupId: b.backupId },
      stored as unknown as Backup & { updatedDate: Date },
      {
        upsert: true,
      },
    );
  }

  /**
   * The newest two backups on record per link, newest first. Records kept before hub-control
   * stored `createdDate` as a date hold an ISO string, so the order is settled here, not by the
   * server's sort.
   */
  async newestTwo(linkIds: number[]): Promise<Map<number, BackupSummary[]>> {
    const found: Backup[] = [];
    await findByIds(
      this.backups,
      'linkId',
      linkIds,
      { _id: 0, linkId: 1, createdDate: 1, reason: 1, firmwareVersion: 1 },
      (d) => found.push(d),
    );
    const byLink = new Map<number, BackupSummary[]>();
    for (const b of found) {
      const at = new Date(b.createdDate as string | Date);
      if (Number.isNaN(at.getTime())) continue;
      const list = byLink.get(b.linkId) ?? [];
      list.push({ createdDate: at.toISOString(), reason: b.reason, firmwareVersion: b.firmwareVersion });
      byLink.set(b.linkId, list);
    }
    for (const list of byLink.values()) {
      list.sort((a, b) => b.createdDate.localeCompare(a.createdDate));
      list.length = Math.min(list.length, 2);
    }
    return byLink;
  }

  async linkOf(backupId: string): Promise<number | null> {
    const found = await this.backups.findOne({ backupId }, { projection: { linkId: 1 } });
    return found?.linkId ?? null;
  }
}

export const backupsPlugin = fp(
  async (app: FastifyInstance) => {
    const repo = new BackupsRepository(app.mongo.collection('backups'));
    await repo.ensureIndexes().catch((err) => app.log.warn({ err }, 'backup indexes not created'));
    app.decorate('backups', repo);
  },
  { name: 'backups', dependencies: ['mongo'] },
);
