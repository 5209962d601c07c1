import { COLLECTIONS } from '@console/contracts';
import { withinDeadline } from '@console/kit';
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

/** The daily statistics records (one a day: a small collection) for the Link Plus graph. */
export class Gen2RecordsStore {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async linkplusStatistics(filter: DateFilter | undefined, sort: 1 | -1, limit: number) {
    const date = dates(filter);
    const docs = await this.db
      .collection(COLLECTIONS.statistics)
      .find(date ? { date } : {}, { projection: { date: 1, 'devices.L2': 1 }, ...withinDeadline() })
      .sort({ date: sort })
      .limit(limit)
      .toArray();
    return docs.map((d) => ({
      date: (d.date as Date).toISOString(),
      devices: { L2: Number(d.devices?.L2 ?? 0) },
    }));
  }
}
