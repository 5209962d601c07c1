import type { Db, Document } from 'mongodb';
import type pg from 'pg';
import type { Floor } from './kinds.ts';

type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

/** The plan of a SQL floor, as EXPLAIN prints it (without costs, to stay readable). */
export async function explainSql(db: Queryable, text: string, values: unknown[]): Promise<string[]> {
  const r = await db.query<{ 'QUERY PLAN': string }>({ text: `explain (costs off) ${text}`, values });
  return r.rows.map((x) => x['QUERY PLAN']);
}

interface PgNode {
  'Node Type'?: string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PgNode[];
}

interface MongoStage {
  stage?: string;
  indexName?: string;
  inputStage?: MongoStage;
  inputStages?: MongoStage[];
}

function pgLines(node: PgNode, depth = 0): string[] {
  const what = [
    node['Node Type'],
    node['Index Name'] ? `using ${node['Index Name']}` : '',
    node['Relation Name'] ? `on ${node['Relation Name']}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const cond = node['Index Cond'] ?? node.Filter;
  const line = `${'  '.repeat(depth)}${what}${cond ? `  [${cond.slice(0, 120)}]` : ''}`;
  return [line, ...(node.Plans ?? []).flatMap((p) => pgLines(p, depth + 1))];
}

function mongoLines(stage: MongoStage, depth = 0): string[] {
  const line = `${'  '.repeat(depth)}${stage.stage ?? '?'}${stage.indexName ? ` ${stage.indexName}` : ''}`;
  const children = [...(stage.inputStage ? [stage.inputStage] : []), ...(stage.inputStages ?? [])];
  return [line, ...children.flatMap((c) => mongoLines(c, depth + 1))];
}

/**
 * The plan of a Mongo floor: MongoDB's winning plan stages, or, on FerretDB, the Postgres plan it
 * ran (and whether the filter was pushed down to it).
 */
export async function explainMongo(
  db: Db,
  q: { collection: string; filter: Document; limit: number },
): Promise<string[]> {
  const e = (await db.collection(q.collection).find(q.filter).limit(q.limit).explain()) as Document;
  const planner = e.queryPlanner as Document | undefined;
  if (planner?.Plan) {
    return [`FerretDB: filter pushed down: ${e.filterPushdown === true}`, ...pgLines(planner.Plan as PgNode)];
  }
  if (planner?.winningPlan) return mongoLines(planner.winningPlan as MongoStage);
  return [JSON.stringify(e).slice(0, 300)];
}

export async function explainFloor(pool: Queryable, db: Db, floor: Floor): Promise<string[]> {
  return 'sql' in floor ? explainSql(pool, floor.sql.text, floor.sql.values) : explainMongo(db, floor.mongo);
}

/** Runs a floor once (the benchmark times this beside the API). */
export async function runFloor(pool: Queryable, db: Db, floor: Floor): Promise<number> {
  if ('sql' in floor) return (await pool.query(floor.sql.text, floor.sql.values)).rowCount ?? 0;
  return (
    await db.collection(floor.mongo.collection).find(floor.mongo.filter).limit(floor.mongo.limit).toArray()
  ).length;
}
