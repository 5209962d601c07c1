import type { Backup } from '@console/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Collection } from 'mongodb';

declare module 'fastify' {
  interface FastifyInstance {
    backups: BackupsRepository;
  }
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

  async save(b: Backup): Promise<void> {
    await this.backups.replaceOne(
      { backupId: b.backupId },
      { ...b, updatedDate: new Date() },
      { upsert: true },
    );
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
