import {
  ApiError,
  allows,
  type Caller,
  SUPPORT_PLUS_LIMIT,
  type SupportPlusCountBody,
  type SupportPlusQueryBody,
  type SupportPlusQueryResult,
} from '@console/contracts';
import { type Db, MongoServerError } from 'mongodb';
import { guardFilter, guardProjection, guardSort } from './guard.ts';
import { redact } from './redact.ts';
import { QUERY_RULES } from './rules.ts';

const TIME_LIMIT_CODE = 50;

function ruleFor(database: string, caller: Caller) {
  const rule = QUERY_RULES[database as keyof typeof QUERY_RULES];
  if (!rule)
    throw new ApiError(400, `Unknown database ${database}.`, { database: 'Not a Support Plus database' });
  if (!allows(rule.roles, caller.roles))
    throw new ApiError(403, `Your roles do not allow reading ${database}.`);
  return rule;
}

function timeLimit(err: unknown): never {
  if (
    err instanceof MongoServerError &&
    (err.code === TIME_LIMIT_CODE || err.codeName === 'MaxTimeMSExpired')
  ) {
    throw new ApiError(
      422,
      'The query took too long and was stopped; narrow the filter (an id or rootGroupId helps).',
    );
  }
  throw err;
}

/** The generic Support Plus reads (seed 001 §7), behind the guard. */
export class SupportPlusQueries {
  private readonly db: Db;
  private readonly maxTimeMS: number;

  constructor(db: Db, maxTimeMS: number) {
    this.db = db;
    this.maxTimeMS = maxTimeMS;
  }

  async find(body: SupportPlusQueryBody, caller: Caller): Promise<SupportPlusQueryResult> {
    const rule = ruleFor(body.database, caller);
    const filter = guardFilter(body.filter, rule, body.database);
    const sort = guardSort(body.sort, rule, body.database);
    const projection = guardProjection(body.project, rule, body.database);
    const limit = Math.min(body.limit ?? SUPPORT_PLUS_LIMIT.default, SUPPORT_PLUS_LIMIT.max);
    const started = performance.now();
    const docs = await this.db
      .collection(body.database)
      .find(filter, { sort, projection, limit, maxTimeMS: this.maxTimeMS })
      .toArray()
      .catch(timeLimit);
    const ms = performance.now() - started;
    const result: SupportPlusQueryResult = {
      database: body.database,
      documents: docs.map((d) => redact(d) as Record<string, unknown>),
      returned: docs.length,
      limit,
      truncated: docs.length >= limit,
    };
    const debugAllowed = caller.roles.includes('admin') || caller.roles.includes('dev');
    if (body.debug && debugAllowed)
      result.debug = { filter: redact(filter) as Record<string, unknown>, sort, ms };
    return result;
  }

  async count(body: SupportPlusCountBody, caller: Caller): Promise<{ count: number }> {
    const rule = ruleFor(body.database, caller);
    const filter = guardFilter(body.filter, rule, body.database);
    const count = await this.db
      .collection(body.database)
      .countDocuments(filter, { maxTimeMS: this.maxTimeMS })
      .catch(timeLimit);
    return { count };
  }
}
