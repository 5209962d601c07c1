import {
  COLLECTIONS,
  FEATURE_DATA,
  FEATURE_DATA_TEXT,
  type FeatureDataException,
  type FeatureDataStat,
  type FeatureDataSummary,
  type FeatureDataValues,
  type RunFeatureDataBody,
} from '@console/contracts';
import { type ChosenFeature, chosenFeatures } from '../plugins/linkplus-products.ts';
import type { LiveValue } from './live-read.ts';
import { type Cells, iso, type ReportSource, type SourceDeps } from './sources.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
/** Features sampled per database round trip. */
const CHUNK = 100;

/** Records a feature's sample holds: DB Recs when set, else dimLevel's sample or "get returns 10". */
export function recordsFor(featureType: string, dbRecs?: number): number {
  if (dbRecs) return dbRecs;
  return featureType === 'dimLevel' ? FEATURE_DATA.dimLevelSample : FEATURE_DATA.getRecords;
}

/** The window a run samples: the last 90 days, without the last 15 minutes (values still settling). */
export function sampleWindow(now: Date): { from: Date; to: Date } {
  return {
    from: new Date(now.getTime() - FEATURE_DATA.beforeDays * DAY),
    to: new Date(now.getTime() - FEATURE_DATA.ignoreRecentMinutes * MINUTE),
  };
}

interface Examined extends ChosenFeature {
  hubActive: string | null;
  hubMissing: boolean;
}

/**
 * A feature-data run (seed 002 /linkplus-data) as a report source: one CSV row per examined feature
 * (its newest sampled value and any exception), read from `feature_history` a chunk of features at
 * a time; the per product and type stats, the exceptions and (Keep Feature Data) the sampled values
 * are gathered on the way and kept with the job as its summary.
 */
export function featureDataSource(
  d: SourceDeps,
  p: RunFeatureDataBody,
): ReportSource & { summary(): FeatureDataSummary } {
  const o = p.options;
  const maxFeatures = o.maxFeatures ?? FEATURE_DATA.maxFeaturesDefault;
  const window = sampleWindow(d.now ?? new Date());
  const stats = new Map<string, FeatureDataStat & { hubs: Set<number> }>();
  const exceptions: FeatureDataException[] = [];
  const featureData: FeatureDataValues[] = [];
  let examined: Examined[] | null = null;
  let exceptionCount = 0;
  let truncated = false;
  let keptValues = 0;

  const resolve = async (): Promise<Examined[]> => {
    if (examined) return examined;
    const all = await chosenFeatures(d.pool, p.productsAndFeatures);
    const linkIds = [...new Set([...all.values()].flat().map((f) => f.linkId))];
    const hubs = new Map<number, Date | null>();
    for (let i = 0; i < linkIds.length; i += 1000) {
      const found = d.db
        .collection<{ hubId: number; updatedDate?: Date }>(COLLECTIONS.hubs)
        .find(
          { hubId: { $in: linkIds.slice(i, i + 1000) } },
          { projection: { _id: 0, hubId: 1, updatedDate: 1 } },
        );
      for await (const h of found) hubs.set(h.hubId, h.updatedDate ?? null);
    }
    const activeSince = o.activeDays ? (d.now ?? new Date()).getTime() - o.activeDays * DAY : null;
    examined = [];
    for (const c of p.productsAndFeatures)
      for (const featureType of c.featureTypes) {
        const key = `${c.productCode}\u0000${featureType}`;
        stats.set(key, {
          productCode: c.productCode,
          featureType,
          featuresExamined: 0,
          featuresWithValues: 0,
          valuesSampled: 0,
          exceptions: 0,
          links: 0,
          ...(o.queryLive ? { liveValues: 0 } : {}),
          hubs: new Set(),
        });
        const list = (all.get(key) ?? []).filter((f) => {
          if (activeSince === null) return true;
          const at = hubs.get(f.linkId);
          return at instanceof Date && at.getTime() >= activeSince;
        });
        for (const f of list.slice(0, maxFeatures)) {
          const at = hubs.get(f.linkId);
          examined.push({ ...f, hubActive: iso(at ?? null), hubMissing: !hubs.has(f.linkId) });
        }
      }
    return examined;
  };

  async function* rows(): AsyncGenerator<Cells> {
    const list = await resolve();
    for (let i = 0; i < list.length; i += CHUNK) {
      const chunk = list.slice(i, i + CHUNK);
      const { rows: values } = await d.pool.query<{ feature_id: string; at: Date; value: unknown }>(
        `select f.id as feature_id, h.at, h.value
           from unnest($1::text[], $2::int[]) as f(id, n)
           cross join lateral (
             select at, value from feature_history
              where feature_id = f.id and at >= $3 and at <= $4
              order by at desc, seq desc limit f.n) h`,
        [
          chunk.map((f) => f.featureId),
          chunk.map((f) => recordsFor(f.featureType, o.dbRecs)),
          window.from,
          window.to,
        ],
      );
      const byFeature = new Map<string, { at: string; value: unknown }[]>();
      for (const v of values) {
        const l = byFeature.get(v.feature_id) ?? [];
        l.push({ at: v.at.toISOString(), value: v.value });
        byFeature.set(v.feature_id, l);
      }
      // Query Live for missing: the chunk's features without a stored value, on hubs that exist.
      const live =
        o.queryLive && d.liveRead
          ? await d.liveRead(
              chunk
                .filter((f) => !f.hubMissing && !byFeature.has(f.featureId))
                .map((f) => ({ featureId: f.featureId, linkId: f.linkId })),
            )
          : null;
      for (const f of chunk) yield row(f, byFeature.get(f.featureId) ?? [], live?.get(f.featureId));
    }
  }

  const row = (f: Examined, stored: { at: string; value: unknown }[], live?: LiveValue): Cells => {
    const s = stats.get(`${f.productCode}\u0000${f.featureType}`);
    const reasons: string[] = [];
    const liveValue = live && live.error === undefined && live.at !== undefined;
    const values: { at: string; value: unknown; live?: boolean }[] = liveValue
      ? [{ at: new Date(live.at as number).toISOString(), value: live.value, live: true }]
      : stored;
    if (f.hubMissing) reasons.push(FEATURE_DATA_TEXT.noHub);
    if (values.length === 0) reasons.push(FEATURE_DATA_TEXT.noValues);
    if (live?.error !== undefined) reasons.push(`${FEATURE_DATA_TEXT.liveFailed}: ${live.error}`);
    if (s) {
      s.featuresExamined++;
      s.valuesSampled += stored.length;
      if (values.length) s.featuresWithValues++;
      if (liveValue) s.liveValues = (s.liveValues ?? 0) + 1;
      if (reasons.length) s.exceptions++;
      s.hubs.add(f.linkId);
    }
    exceptionCount += reasons.length;
    if (exceptions.length + reasons.length > FEATURE_DATA.keptMax) truncated = true;
    else
      for (const reason of reasons)
        exceptions.push({
          productCode: f.productCode,
          featureType: f.featureType,
          featureId: f.featureId,
          linkId: f.linkId,
          reason,
        });
    if (o.keepFeatureData && keptValues + values.length > FEATURE_DATA.keptValuesMax) truncated = true;
    else if (o.keepFeatureData) {
      keptValues += values.length;
      featureData.push({
        productCode: f.productCode,
        featureType: f.featureType,
        featureId: f.featureId,
        linkId: f.linkId,
        values,
      });
    }
    const newest = values[0];
    return [
      f.productCode,
      f.featureType,
      f.featureId,
      f.linkId,
      f.hubActive,
      stored.length,
      newest?.at ?? null,
      newest === undefined ? null : JSON.stringify(newest.value),
      reasons.join('; ') || null,
      live === undefined ? null : liveValue ? 'live' : 'failed',
    ];
  };

  return {
    header: [
      'productCode',
      'featureType',
      'featureId',
      'linkId',
      'hubLastActive',
      'records',
      'newestAt',
      'newestValue',
      'exception',
      'liveRead',
    ],
    count: async () => (await resolve()).length,
    rows,
    summary: () => ({
      window: { from: window.from.toISOString(), to: window.to.toISOString() },
      stats: [...stats.values()].map(({ hubs, ...s }) => ({ ...s, links: hubs.size })),
      exceptionCount,
      exceptions,
      featureData,
      featureDataKept: o.keepFeatureData === true,
      truncated,
    }),
  };
}
