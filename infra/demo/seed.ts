/**
 * Demo data for `pnpm start`: the schema, demo staff users for each kind of console user, and the
 * main screen's things. Demo passwords are made at random on the first run, kept in
 * .dev-infra/demo-credentials.json (readable by this machine's user only) and printed each start;
 * none is written in the code.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { migrate } from '@console/auth/migrations';
import { hashPassword } from '@console/auth/passwords';
import { ensureStaffUser } from '@console/auth/seed-staff';
import { type AuthUserDoc, COLLECTIONS } from '@console/contracts';
import { loadDemoWorld, throttledProgress, writeEnergyMonth } from '@console/world';
import { MongoClient } from 'mongodb';
import pg from 'pg';

const root = resolve(import.meta.dirname, '../..');
const credentialsFile = resolve(root, '.dev-infra/demo-credentials.json');

const DEMO_USERS = [
  { email: 'admin@demo.local', name: 'Ada Admin', roles: 'admin', lands: '/' },
  { email: 'support@demo.local', name: 'Sam Support', roles: 'support', lands: '/supportPlus' },
  {
    email: 'engineer@demo.local',
    name: 'Eli Engineer',
    roles: 'dev,support,firmware',
    lands: '/supportPlus',
  },
  { email: 'data@demo.local', name: 'Dana Data', roles: 'datauser,stats', lands: '/datamonitor' },
  { email: 'marketing@demo.local', name: 'Mo Marketing', roles: 'marketing', lands: '/' },
] as const;

const DEMO_THINGS = ['Hubs', 'Links', 'Structures', 'Devices', 'Automations', 'Heartbeats'];

function loadPasswords(): Record<string, string> {
  if (!existsSync(credentialsFile)) return {};
  return JSON.parse(readFileSync(credentialsFile, 'utf8')) as Record<string, string>;
}

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/console',
});
try {
  await migrate(pool);
  const passwords = loadPasswords();
  for (const u of DEMO_USERS) {
    const known = passwords[u.email] !== undefined;
    passwords[u.email] ??= randomBytes(6).toString('base64url');
    const password = passwords[u.email] as string;
    const { id, created } = await ensureStaffUser(pool, { ...u, password });
    if (created) console.error(`demo: created ${u.email}`);
    else if (!known) {
      // Seeded from another checkout: this one has no record of the password, so give it a new one.
      await pool.query('update staff_users set password_hash = $2 where id = $1', [
        id,
        await hashPassword(password),
      ]);
      console.error(`demo: reset the password of ${u.email} (not recorded in this checkout)`);
    }
  }
  mkdirSync(resolve(root, '.dev-infra'), { recursive: true });
  writeFileSync(credentialsFile, JSON.stringify(passwords, null, 2));
  chmodSync(credentialsFile, 0o600);

  const { rows } = await pool.query<{ n: string }>('select count(*) as n from things');
  if (rows[0]?.n === '0') {
    await pool.query('insert into things (name) select unnest($1::text[])', [DEMO_THINGS]);
  }

  console.log('\nDemo sign-ins (one-time codes arrive in the captured mailbox):');
  for (const u of DEMO_USERS) {
    console.log(
      `  ${u.email.padEnd(22)} ${String(passwords[u.email]).padEnd(10)} roles ${u.roles.padEnd(22)} lands on ${u.lands}`,
    );
  }
  console.log('  (a password changed in the console is kept; the file above then holds the first one)\n');
} finally {
  await pool.end();
}

// The customers, homes and hubs: the same seeded world the simulator runs (DEMO_SEED, DEMO_CUSTOMERS),
// ending now (its load time; WORLD_NOW pins it). Progress every 5 s; a stopped load resumes on the next start.
const world = await loadDemoWorld({
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/console',
  mongoUrl: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/console',
  seed: Number(process.env.DEMO_SEED ?? 1),
  customers: Number(process.env.DEMO_CUSTOMERS ?? 2000),
  ...(process.env.WORLD_NOW ? { now: process.env.WORLD_NOW } : {}),
  onProgress: throttledProgress((line) => console.error(line)),
});
console.error(world.message);

// The data monitor opens on yesterday to tomorrow: a month of 15-minute energy readings up to now
// for the world's first energy meters (only the slots since the last start are added).
if (world.outcome !== 'other') {
  const energy = new pg.Pool({
    connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/console',
  });
  try {
    console.error(`world: ${await writeEnergyMonth(energy)} energy readings added for the data monitor`);
  } finally {
    await energy.end();
  }
}

// Two demo customers get a password for the user channel console's e-mail/password login (the
// generated world has none); random on the first run, kept with the staff passwords above.
{
  const mongo = new MongoClient(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/console');
  try {
    await mongo.connect();
    const authUsers = mongo.db().collection<AuthUserDoc>(COLLECTIONS.authUsers);
    const passwords = loadPasswords();
    const lines: string[] = [];
    for (const user of await authUsers.find({}).sort({ userId: 1 }).limit(2).toArray()) {
      const known = passwords[user.email] !== undefined;
      passwords[user.email] ??= randomBytes(6).toString('base64url');
      const password = passwords[user.email] as string;
      if (!known || !user.passwordHash)
        await authUsers.updateOne(
          { userId: user.userId },
          { $set: { passwordHash: await hashPassword(password) } },
        );
      lines.push(`  ${user.email.padEnd(40)} ${password}`);
    }
    writeFileSync(credentialsFile, JSON.stringify(passwords, null, 2));
    chmodSync(credentialsFile, 0o600);
    if (lines.length)
      console.log(`Demo customers (/socket-users e-mail and password login):\n${lines.join('\n')}\n`);
  } finally {
    await mongo.close();
  }
}
