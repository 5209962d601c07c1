import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Collection } from 'mongodb';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsRepository;
  }
}

/** The fields of the Gen2 user and structure documents (Support Plus spec §3) these actions touch. */
interface UserDoc {
  userId: string;
  email: string;
  rootGroupIds?: string[];
  currentRootGroup?: string | null;
  licenses?: { v5?: { license?: boolean } };
}
interface StructureDoc {
  rootGroupId: string;
  link2?: number[];
  devices?: Record<string, unknown>;
  licenses?: { v5?: { license: boolean; userId: string } };
  userRootAccess?: { userId: string }[];
}

/** Customer-side admin actions that need no hub: remove a user from a structure, V5 licences. */
export class AccountsRepository {
  private readonly users: Collection<UserDoc>;
  private readonly structures: Collection<StructureDoc>;
  constructor(users: Collection<UserDoc>, structures: Collection<StructureDoc>) {
    this.users = users;
    this.structures = structures;
  }

  /** False when no user with that e-mail belongs to that structure. */
  async removeFromStructure(email: string, rootGroupId: string): Promise<{ userId: string } | null> {
    const user = await this.users.findOne({
      email: { $in: [email, email.toLowerCase()] },
      rootGroupIds: rootGroupId,
    });
    if (!user) return null;
    const unset = user.currentRootGroup === rootGroupId ? { $set: { currentRootGroup: null } } : {};
    await this.users.updateOne({ userId: user.userId }, { $pull: { rootGroupIds: rootGroupId }, ...unset });
    // The structure's own list of who may enter goes too, or the structure still shows the user.
    // (FerretDB's $pull takes no condition document: the list is read, filtered and written back.)
    const structure = await this.structures.findOne({ rootGroupId }, { projection: { userRootAccess: 1 } });
    const access = structure?.userRootAccess ?? [];
    if (access.some((a) => a.userId === user.userId))
      await this.structures.updateOne(
        { rootGroupId },
        { $set: { userRootAccess: access.filter((a) => a.userId !== user.userId) } },
      );
    return { userId: user.userId };
  }

  /**
   * Takes an empty structure (no links, no devices) off a user: out of their structures (and their
   * current one), and the user out of the structure's access list. The structure record stays.
   */
  async removeEmptyStructure(
    userId: string,
    rootGroupId: string,
  ): Promise<'removed' | 'not-theirs' | 'not-empty'> {
    const [user, structure] = await Promise.all([
      this.users.findOne({ userId, rootGroupIds: rootGroupId }),
      this.structures.findOne({ rootGroupId }, { projection: { link2: 1, devices: 1, userRootAccess: 1 } }),
    ]);
    if (!user || !structure) return 'not-theirs';
    if ((structure.link2 ?? []).length > 0 || Object.keys(structure.devices ?? {}).length > 0)
      return 'not-empty';
    const unset = user.currentRootGroup === rootGroupId ? { $set: { currentRootGroup: null } } : {};
    await this.users.updateOne({ userId }, { $pull: { rootGroupIds: rootGroupId }, ...unset });
    const access = structure.userRootAccess ?? [];
    await this.structures.updateOne(
      { rootGroupId },
      { $set: { userRootAccess: access.filter((a) => a.userId !== userId) } },
    );
    return 'removed';
  }

  /** False when there is no such user. */
  async setLicense(userId: string, on: boolean, rootGroupId?: string): Promise<boolean> {
    const r = await this.users.updateOne({ userId }, { $set: { 'licenses.v5.license': on } });
    if (r.matchedCount === 0) return false;
    if (rootGroupId) {
      await this.structures.updateOne(
        { rootGroupId },
        on ? { $set: { 'licenses.v5': { license: true, userId } } } : { $unset: { 'licenses.v5': '' } },
      );
    }
    return true;
  }
}

export const accountsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'accounts',
      new AccountsRepository(app.mongo.collection('users'), app.mongo.collection('structures')),
    );
  },
  { name: 'accounts', dependencies: ['mongo'] },
);
