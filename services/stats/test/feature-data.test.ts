import {
  FEATURE_DATA_TEXT,
  type FeatureDataResult,
  type FeatureIds,
  type FeatureTypes,
  type ProductList,
  REPORT_TEXT,
  type ReportJob,
} from '@console/contracts';
import { infraEnv, mailAttachment, waitForMail } from '@console/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, failure, type StatsHarness, startStatsBuilt, until } from './harness.ts';

/**
 * The feature-data run (seed 002 /linkplus-data) on the real stats app over a generated world: the
 * products and feature types come from the stored products and structures, the run is a report job
 * of kind 'feature-data' (one at a time, cancellable), its samples equal what `feature_history`
 * holds in the window, and its CSV arrives in the captured mailbox. Nothing is mocked.
 */
let h: StatsHarness;
const mailbox = infraEnv().MAILBOX_URL;
const datauser = () => h.staff(['datauser']);
const MIN = 60_000;
const DAY = 86_400_000;

interface P {
  productCode: string;
  rootGroupId: string;
  linkId: number;
  featureIds: string[];
}

/** The ids of the products' features of one type, read from the stored documents. */
async function storedFeatures(code: string, type: string): Promise<string[]> {
  const products = await h.db.collection<P>('products').find({ productCode: code }).toArray();
  const ids: string[] = [];
  for (const p of products) {
    const s = await h.db.collection('structures').findOne({ rootGroupId: p.rootGroupId });
    const features = (s?.features ?? {}) as Record<string, { attributes: { type: string } }>;
    for (const id of p.featureIds) if (features[id]?.attributes.type === type) ids.push(id);
  }
  return ids.sort();
}

async function result(query: Record<string, unknown> = {}): Promise<FeatureDataResult> {
  return data<FeatureDataResult>(await h.call('stats.featureDataResult', { query, caller: datauser() }));
}

async function ended(jobId: string): Promise<FeatureDataResult> {
  let r: FeatureDataResult | null = null;
  await until(
    async () => {
      r = await result({ exceptions: true, featureData: 'all' });
      return r.job?.jobId === jobId && r.state === 'idle';
    },
    60_000,
    `feature-data run ${jobId}`,
  );
  return r as unknown as FeatureDataResult;
}

let dim: string[] = [];
let sw: string[] = [];

beforeAll(async () => {
  h = await startStatsBuilt({
    customers: 40,
    env: { BACKFILL: 'off', REPORT_PAGE_ROWS: '2', REPORT_PAGE_PAUSE_MS: '150' },
  });
  dim = await storedFeatures('L21', 'dimLevel');
  sw = await storedFeatures('L21', 'switch');
  // Values for the first dimLevel features: 14 inside the window, one too recent, one too old; the
  // second switch feature gets 5. The rest have none (exceptions).
  const now = Date.now();
  const rows: [string, Date, number, unknown][] = [];
  let seq = 1;
  for (const id of dim.slice(0, 3)) {
    for (let i = 0; i < 14; i++)
      rows.push([id, new Date(now - (i + 1) * 3 * 3600_000), seq++, { level: i * 5 }]);
    rows.push([id, new Date(now - 5 * MIN), seq++, { level: 99 }]);
    rows.push([id, new Date(now - 100 * DAY), seq++, { level: 1 }]);
  }
  for (let i = 0; i < 5; i++) rows.push([sw[1] as string, new Date(now - (i + 1) * DAY), seq++, i % 2 === 0]);
  for (const [id, at, s, value] of rows)
    await h.pool.query(
      `insert into feature_history (feature_id, at, seq, hub_id, value, source) values ($1, $2, $3, 1, $4, 'event')`,
      [id, at, s, JSON.stringify(value)],
    );
}, 180_000);

afterAll(async () => {
  await h?.close();
});

describe('feature data by product', () => {
  it('searches the stored product codes and counts their feature types from the structures', async () => {
    const all = data<ProductList>(await h.call('stats.productMetaAll', { caller: datauser() })).productList;
    const codes = (await h.db.collection<P>('products').distinct('productCode')).sort();
    expect(all.map((p) => p.productCode)).toEqual(codes);
    const l21 = all.find((p) => p.productCode === 'L21');
    expect(l21).toMatchObject({ category: 'lighting' });
    expect(l21?.products).toBe(await h.db.collection('products').countDocuments({ productCode: 'L21' }));
    const filtered = data<ProductList>(
      await h.call('stats.productMetaFilter', { params: { filter: 'l2' }, caller: datauser() }),
    ).productList;
    expect(filtered.map((p) => p.productCode)).toEqual(codes.filter((c) => c.toLowerCase().includes('l2')));

    const types = data<FeatureTypes>(
      await h.call('stats.featureTypes', {
        body: { productCodes: ['L21'], project: 'linkplus' },
        caller: datauser(),
      }),
    );
    const byType = Object.fromEntries(types.products[0]?.types.map((t) => [t.type, t.features]) ?? []);
    expect(byType.dimLevel).toBe(dim.length);
    expect(byType.switch).toBe(sw.length);
    expect(Object.keys(byType).sort()).toEqual([
      'bulbSetup',
      'diagnostics',
      'dimLevel',
      'dimSetup',
      'identify',
      'switch',
    ]);

    const ids = data<FeatureIds>(
      await h.call('stats.featureIdsByProductAndType', {
        body: { productsAndFeatures: [{ productCode: 'L21', featureTypes: ['dimLevel'] }] },
        caller: datauser(),
      }),
    );
    expect(ids.features).toEqual([
      { productCode: 'L21', featureType: 'dimLevel', total: dim.length, featureIds: dim },
    ]);
  });

  it('runs one at a time, samples feature_history in the window, keeps the result and e-mails the CSV', async () => {
    const me = datauser();
    const since = Date.now();
    const body = {
      productsAndFeatures: [{ productCode: 'L21', featureTypes: ['dimLevel', 'switch'] }],
      options: { maxFeatures: 4, keepFeatureData: true },
    };
    const job = data<ReportJob>(await h.call('stats.runFeatureData', { body, caller: me }));
    expect(job).toMatchObject({ kind: 'feature-data', report: 'featureData', status: 'queued' });
    expect(failure(await h.call('stats.runFeatureData', { body, caller: datauser() }))).toMatchObject({
      statusCode: 409,
      message: REPORT_TEXT.busy,
    });
    // Progress is visible while it runs (rows are features; 8 of them, paused every 2).
    await until(async () => (await result()).state === 'running', 20_000, 'running');
    const r = await ended(job.jobId);
    expect(r.job?.status).toBe('done');
    expect(r.job?.rowsTotal).toBe(8);
    expect(r.lastRan).toBe(r.job?.finishedAt);
    const res = r.result;
    if (!res) throw new Error('no result');
    expect(res.stats).toEqual([
      expect.objectContaining({
        featureType: 'dimLevel',
        featuresExamined: 4,
        featuresWithValues: 3,
        valuesSampled: 30,
      }),
      expect.objectContaining({
        featureType: 'switch',
        featuresExamined: 4,
        featuresWithValues: 1,
        valuesSampled: 5,
      }),
    ]);
    // Each sample is the newest 10 (dimLevel) values of the window, as stored.
    for (const f of res.featureData ?? []) {
      const { rows } = await h.pool.query(
        `select at, value from feature_history where feature_id = $1 and at between $2 and $3
          order by at desc, seq desc limit 10`,
        [f.featureId, res.window.from, res.window.to],
      );
      expect(f.values).toEqual(rows.map((x) => ({ at: x.at.toISOString(), value: x.value })));
    }
    expect(res.featureData?.find((f) => f.featureId === dim[0])?.values[0]?.value).toEqual({ level: 0 });
    expect(res.exceptions).toHaveLength(4);
    expect(res.exceptionCount).toBe(4);
    expect(res.truncated).toBe(false);
    expect(res.exceptions?.every((e) => e.reason === FEATURE_DATA_TEXT.noValues)).toBe(true);
    // Without the flags only the stats come back.
    const plain = await result();
    expect(plain.result?.exceptions).toBeUndefined();
    expect(plain.result?.featureData).toBeUndefined();

    const mail = await waitForMail(mailbox, me.email, /^Report: Feature data by product/, {
      since,
      timeoutMs: 30_000,
    });
    const part = mail.Attachments[0];
    if (!part) throw new Error('no attachment');
    const lines = (await mailAttachment(mailbox, mail, part.PartID)).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'productCode,featureType,featureId,linkId,hubLastActive,records,newestAt,newestValue,exception,liveRead',
    );
    expect(lines).toHaveLength(9);
    expect(lines.find((l) => l.includes(`,${dim[0]},`))).toContain(',10,');
  });

  it('cancels the run under way: failed, saying who cancelled, and the kind is free again', async () => {
    const me = datauser();
    const before = (await result()).lastRan;
    const body = {
      productsAndFeatures: [{ productCode: 'L21', featureTypes: ['dimLevel', 'switch', 'identify'] }],
      options: { maxFeatures: 40 },
    };
    const job = data<ReportJob>(await h.call('stats.runFeatureData', { body, caller: me }));
    await until(async () => ((await result()).job?.rowsDone ?? 0) > 0, 20_000, 'rows done');
    const c = data<{ cancelled: boolean; job: ReportJob }>(
      await h.call('stats.cancelFeatureData', { caller: me }),
    );
    expect(c.cancelled).toBe(true);
    expect(c.job).toMatchObject({ jobId: job.jobId, status: 'failed', cancelledBy: me.email });
    const r = await result();
    expect(r.state).toBe('idle');
    expect(r.job).toMatchObject({ jobId: job.jobId, status: 'failed', error: `Cancelled by ${me.email}.` });
    await new Promise((res) => setTimeout(res, 1500));
    // The worker stopped: the job stays cancelled and no new result was kept.
    const later = await result();
    expect(later.job?.status).toBe('failed');
    expect(later.lastRan).toBe(before);
    expect(
      data<{ cancelled: boolean }>(await h.call('stats.cancelFeatureData', { caller: me })).cancelled,
    ).toBe(false);
    const again = data<ReportJob>(
      await h.call('stats.runFeatureData', {
        body: {
          productsAndFeatures: [{ productCode: 'L21', featureTypes: ['dimLevel'] }],
          options: { maxFeatures: 1 },
        },
        caller: me,
      }),
    );
    expect((await ended(again.jobId)).job?.status).toBe('done');
  });

  it('checks input and roles on the server', async () => {
    const me = datauser();
    const bad = [
      { productsAndFeatures: [], options: {} },
      { productsAndFeatures: [{ productCode: 'L21', featureTypes: [] }], options: {} },
      {
        productsAndFeatures: [{ productCode: 'L21', featureTypes: ['dimLevel'] }],
        options: { maxFeatures: 0 },
      },
      { productsAndFeatures: [{ productCode: 'L21', featureTypes: ['dimLevel'] }], options: { dbRecs: 'x' } },
    ];
    for (const body of bad)
      expect(failure(await h.call('stats.runFeatureData', { body, caller: me })).statusCode).toBe(400);
    expect(
      failure(await h.call('stats.featureTypes', { body: { productCodes: [] }, caller: me })).statusCode,
    ).toBe(400);
    const marketing = h.staff(['marketing']);
    // The marketing report screens' progress call does not show this screen's runs.
    expect(
      failure(await h.call('stats.reportInProgress', { params: { kind: 'feature-data' }, caller: marketing }))
        .statusCode,
    ).toBe(400);
    expect(failure(await h.call('stats.featureDataResult', { caller: marketing })).statusCode).toBe(403);
    expect(failure(await h.call('stats.cancelFeatureData', { caller: marketing })).statusCode).toBe(403);
    expect((await h.call('stats.featureDataResult', { caller: h.staff(['admin']) })).ok).toBe(true);
    expect((await result()).state).toBe('idle');
  });
});
