/**
 * Search on the command line (DATABASE_URL, MONGO_URL, FERRETDB_POSTGRESQL_URL from the environment):
 *   node services/search/src/cli.ts index      tables, indexes, accelerator, full Gen2 index build
 *   node services/search/src/cli.ts explain    the query plan of every kind of search, with real terms
 */
import { MongoClient } from 'mongodb';
import pg from 'pg';
import { searchConfig } from './config.ts';
import { explainFloor } from './plans/explain.ts';
import { searchKinds } from './plans/kinds.ts';
import { pickSamples } from './plans/samples.ts';
import { prepareSearch } from './prepare.ts';

const command = process.argv[2] ?? 'explain';
const config = searchConfig();

if (command === 'index') {
  const r = await prepareSearch({
    databaseUrl: config.DATABASE_URL,
    mongoUrl: config.MONGO_URL,
    ferretdbPostgresqlUrl: config.FERRETDB_POSTGRESQL_URL,
    log: (m) => console.log(m),
  });
  console.log(JSON.stringify(r, null, 2));
} else if (command === 'explain') {
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 2 });
  const mongo = new MongoClient(config.MONGO_URL);
  try {
    await mongo.connect();
    const [samples] = await pickSamples(pool, mongo.db(), 1);
    if (!samples) throw new Error('no data: load the world first');
    for (const kind of searchKinds(samples)) {
      const plan = await explainFloor(pool, mongo.db(), kind.floor);
      const ok = kind.index.test(plan.join('\n')) ? 'index used' : `expected ${kind.index}`;
      console.log(`\n## ${kind.name} (${ok})\n  ${plan.join('\n  ')}`);
    }
  } finally {
    await mongo.close();
    await pool.end();
  }
} else {
  console.error(`unknown command ${command}: index or explain`);
  process.exitCode = 2;
}
