import {
  type Caller,
  COLLECTIONS,
  compareFirmware,
  HUB_ACTION_TEXT,
  hubRequest,
  offlineMessage,
  SURVEY_LINKS,
  type SurveyErrorRow,
  type SurveyOnlineRow,
  type SurveyResult,
  type SystemInfo,
  SystemInfoSchema,
  staffOf,
} from '@console/contracts';
import { callerOf, findByIds, type HandlerContext, publishAuditRecord } from '@console/kit';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BackupSummary } from '../actions/backups.store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    survey: SurveyLinks;
  }
}

export interface SurveyOptions {
  concurrency: number;
  hubTimeoutMs: number;
  budgetMs: number;
}

/** What asking one hub came to: its system information, or why there is none. */
type Answer =
  | { linkId: number; info: SystemInfo }
  | { linkId: number; fault: string; group?: number; code?: number; noPresence?: boolean; at: number };

const checkInfo = TypeCompiler.Compile(SystemInfoSchema);

/** How long the survey waits for the server's records once the hubs have answered. */
const RECORDS_WAIT_MS = 1500;

/**
 * The least wait worth asking a hub with: a hub asked with less would be reported as silent when it
 * was never given time to answer, so with less than this left of the budget it is "Not asked".
 */
const MIN_ASK_MS = 250;

/** The promise's value, or a rejection after `ms`. */
function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

const backupFields = (b: BackupSummary[] | undefined) => ({
  backup1CreatedDate: b?.[0]?.createdDate ?? null,
  backup1CreatedDateOld: b?.[1]?.createdDate ?? null,
  backup1Cause: b?.[0]?.reason ?? null,
  backup1FWVersion: b?.[0]?.firmwareVersion ?? null,
});

/**
 * Survey Links: a system read of many hubs through the one hub link (the hub-control path every
 * action takes), at most `concurrency` at a time, each with its own timeout and never retried; no
 * hub is asked once less than `MIN_ASK_MS` of `budgetMs` is left, so the survey answers inside the
 * gateway's wait and no hub is called silent after a wait too short to answer in. A hub
 * that is offline, silent or failing becomes an error row saying why.
 */
export class SurveyLinks {
  private readonly app: FastifyInstance;
  private readonly opts: SurveyOptions;
  constructor(app: FastifyInstance, opts: SurveyOptions) {
    this.app = app;
    this.opts = opts;
  }

  async run(
    ctx: HandlerContext,
    linkIds: readonly string[],
    baseFirmware: string = SURVEY_LINKS.baseFirmware,
  ): Promise<SurveyResult> {
    const t0 = Date.now();
    const caller = callerOf(ctx);
    const ids = [...new Set(linkIds.map(Number))];
    const deadline = t0 + this.opts.budgetMs;
    const minAskMs = Math.min(MIN_ASK_MS, this.opts.hubTimeoutMs);
    // The backup records are read while the hubs are asked; neither waits for the other.
    const backups = this.app.backups.newestTwo(ids);
    backups.catch(() => undefined);
    const answers: Answer[] = [];
    let next = 0;
    const worker = async () => {
      while (next < ids.length && deadline - Date.now() >= minAskMs) {
        const linkId = ids[next++] as number;
        answers.push(
          await this.ask(linkId, caller, deadline).catch((err) => {
            ctx.log.warn({ err, linkId }, 'survey: asking a hub failed');
            return { linkId, fault: SURVEY_LINKS.unknownError, at: Date.now() };
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.opts.concurrency, ids.length) }, worker));
    const budget = `Not asked: the survey stopped after ${this.opts.budgetMs / 1000} s; send this id again.`;
    for (const linkId of ids.slice(next)) answers.push({ linkId, fault: budget, at: Date.now() });

    const result = await this.rows(answers, ids, baseFirmware, backups);
    this.app.hubMetrics.actions.labels('Survey', 'replied').inc(answers.length - result.responseError.length);
    this.app.hubMetrics.actions.labels('Survey', 'failed').inc(result.responseError.length);
    await this.audit(ctx, caller, ids.length, result);
    return { ...result, durationMs: Date.now() - t0 };
  }

  private async ask(linkId: number, caller: Caller, deadline: number): Promise<Answer> {
    const presence = await this.app.presence.get(linkId);
    const at = Date.now();
    if (!presence?.connected) return { linkId, fault: offlineMessage('a survey'), noPresence: !presence, at };
    const timeoutMs = Math.max(1, Math.min(this.opts.hubTimeoutMs, deadline - at));
    const env = hubRequest('systemRead', `admin.${caller.userId}`, [{ admin: false }]);
    const o = await this.app.hubLink.send(linkId, env, caller, timeoutMs);
    const now = Date.now();
    if (o.kind === 'timeout')
      return { linkId, fault: `No reply in ${timeoutMs} ms (outcome unknown); not asked again.`, at: now };
    if (o.kind === 'unreachable')
      return { linkId, fault: 'Not delivered: no worker holds the link.', at: now };
    if (o.kind === 'unreadable') return { linkId, fault: HUB_ACTION_TEXT.unreadable, at: now };
    const item = o.reply.items[0];
    const error = item?.error as { group?: number; code?: number; message?: string } | undefined;
    if (error || item?.success === false)
      return {
        linkId,
        fault: error?.message || SURVEY_LINKS.unknownError,
        ...(typeof error?.group === 'number' ? { group: error.group } : {}),
        ...(typeof error?.code === 'number' ? { code: error.code } : {}),
        at: now,
      };
    if (!checkInfo.Check(item?.payload)) return { linkId, fault: HUB_ACTION_TEXT.unreadable, at: now };
    return { linkId, info: item.payload };
  }

  /** The three tables, in the order the ids were given; backups and records from the server. */
  private async rows(
    answers: Answer[],
    ids: number[],
    baseFirmware: string,
    backupsRead: Promise<Map<number, BackupSummary[]>>,
  ): Promise<Omit<SurveyResult, 'durationMs'>> {
    const order = new Map(ids.map((id, i) => [id, i]));
    answers.sort((a, b) => (order.get(a.linkId) ?? 0) - (order.get(b.linkId) ?? 0));
    let error: string | null = null;
    // The records only fill columns: a slow database must not cost the whole survey its answer.
    const backups = await within(backupsRead, RECORDS_WAIT_MS).catch((err) => {
      this.app.log.warn({ err }, 'survey: backups not read');
      error = 'Backup records could not be read in time; the backup columns are empty.';
      return new Map<number, BackupSummary[]>();
    });
    const faults = answers.filter((a) => 'fault' in a);
    const records = await within(this.records(faults.map((a) => a.linkId)), RECORDS_WAIT_MS).catch((err) => {
      this.app.log.warn({ err }, 'survey: hub records not read');
      error ??= 'Link records could not be read in time; devices and group access of the errors are empty.';
      return new Map<number, { groupAccess: string[]; devices: number | null }>();
    });
    const online: SurveyOnlineRow[] = [];
    const online338: SurveyOnlineRow[] = [];
    const failed: SurveyErrorRow[] = [];
    for (const a of answers) {
      if ('info' in a) {
        const { info } = a;
        const row: SurveyOnlineRow = {
          linkId: a.linkId,
          handlerId: info.handlerId,
          deviceId: info.handlerId.split('.').slice(2).join('.'),
          devices: info.devices,
          automations: info.automations,
          firmwareVersion: info.firmwareVersion,
          firmwareVersionIssue: compareFirmware(info.firmwareVersion, baseFirmware) < 0,
          errorState: info.errorState,
          systemStorageNumber: info.systemStorageNumber,
          factoryConfig: info.factoryConfig,
          homeKitPaired: info.homeKitPaired,
          ...backupFields(backups.get(a.linkId)),
          groupAccess: info.groupAccess,
        };
        (compareFirmware(info.firmwareVersion, SURVEY_LINKS.splitFirmware) >= 0 ? online338 : online).push(
          row,
        );
        continue;
      }
      const record = records.get(a.linkId);
      failed.push({
        linkId: a.linkId,
        errorMessage: a.noPresence && !record ? `There is no hub ${a.linkId}.` : a.fault,
        group: a.group ?? null,
        code: a.code ?? null,
        devices: record?.devices ?? null,
        at: a.at,
        ...backupFields(backups.get(a.linkId)),
        groupAccess: record?.groupAccess ?? [],
      });
    }
    return {
      responseSuccess: online,
      responseSuccess337: online338,
      responseError: failed,
      error,
      baseFirmware,
    };
  }

  /** What the server holds of links that did not answer: their structure and device count. */
  private async records(linkIds: number[]) {
    const out = new Map<number, { groupAccess: string[]; devices: number | null }>();
    if (linkIds.length === 0) return out;
    const { mongo } = this.app;
    // By equality, one id at a time: FerretDB reads the whole collection for an `$in` (findByIds).
    const hubs = new Map<number, string | undefined>();
    const devices = new Map<number, number>();
    await Promise.all([
      findByIds(
        mongo.collection(COLLECTIONS.hubs),
        'hubId',
        linkIds,
        { _id: 0, hubId: 1, rootGroupId: 1 },
        (h) => hubs.set(h.hubId as number, h.rootGroupId as string | undefined),
      ),
      findByIds(mongo.collection(COLLECTIONS.products), 'linkId', linkIds, { _id: 1, linkId: 1 }, (p) =>
        devices.set(p.linkId as number, (devices.get(p.linkId as number) ?? 0) + 1),
      ),
    ]);
    for (const [hubId, rootGroupId] of hubs)
      out.set(hubId, { groupAccess: rootGroupId ? [rootGroupId] : [], devices: devices.get(hubId) ?? 0 });
    return out;
  }

  /** One event per survey on the AUDIT stream: who asked about how many links, and what came back. */
  private async audit(
    ctx: HandlerContext,
    caller: Caller,
    asked: number,
    r: Omit<SurveyResult, 'durationMs'>,
  ) {
    const record = {
      kind: 'survey-links',
      staff: staffOf(caller),
      requestId: ctx.requestId,
      asked,
      online: r.responseSuccess.length + r.responseSuccess337.length,
      errors: r.responseError.length,
      at: Date.now(),
    };
    await publishAuditRecord(this.app, record, { msgId: `survey-links-${ctx.requestId}` }).catch((err) => {
      this.app.hubMetrics.recordFailures.labels('audit').inc();
      ctx.log.warn({ err }, 'survey audit event not published');
    });
  }
}

export const surveyPlugin = fp(
  async (app: FastifyInstance, opts: SurveyOptions) => {
    app.decorate('survey', new SurveyLinks(app, opts));
  },
  { name: 'survey', dependencies: ['presence', 'links', 'backups', 'hub-metrics'] },
);
