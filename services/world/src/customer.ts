import { shiftCustomer, shiftOf } from './clock.ts';
import { generateGen1 } from './gen1/accounts.ts';
import { emptyGen1, type Gen1Rows } from './gen1/types.ts';
import { addClientDevices } from './gen2/clients.ts';
import { generateGen2 } from './gen2/customer.ts';
import { addCustomerAuth } from './gen2/customer-auth.ts';
import { addHistories } from './gen2/histories.ts';
import { addTabExtras } from './gen2/tab-extras.ts';
import { emptyGen2, type Gen2Docs } from './gen2/types.ts';
import * as ids from './ids.ts';
import { person } from './names.ts';
import { deriveSeed, Rng } from './rng.ts';
import { between, DAY, WORLD_NOW, WORLD_START } from './time.ts';

export type CustomerKind = 'gen1' | 'gen2' | 'both';

export interface Customer {
  index: number;
  kind: CustomerKind;
  gen1: Gen1Rows;
  gen2: Gen2Docs;
  /** The cases this customer carries (e.g. gen2.errorState, gen1.sharedMac), for summaries and tests. */
  flags: Set<string>;
}

export interface GenerateOptions {
  /** Past syncs, transactions, logs, backups, agents, notes… (default true). */
  histories?: boolean;
  /** Skip the Gen1 part (the simulator's hub iteration needs only Gen2). */
  gen1?: boolean;
  /** Skip the Gen2 part (the WiFi link iteration needs only Gen1). */
  gen2?: boolean;
  /**
   * The world's now (ms): every date is moved so the world ends there. Default: the generator's
   * reference clock, WORLD_NOW (the same output on any day).
   */
  now?: number;
  /**
   * The customer joins at this moment (ms): created then, with nothing before it (the growth's new
   * customers; ids are the customer's as ever). Overrides `now`.
   */
  joinsAt?: number;
}

// Independent streams per part: skipping one part (or its histories) never changes another.
const STREAM = { who: 0, gen1: 1, gen2: 2, history: 3, clients: 4, tabs: 5, auth: 6 } as const;

/** Customer `index` of the world `seed`: the same every time, whatever else is generated. */
export function generateCustomer(seed: number, index: number, options: GenerateOptions = {}): Customer {
  if (!Number.isInteger(index) || index < 0 || index >= ids.MAX_CUSTOMERS) {
    throw new RangeError(`customer index ${index} is outside 0..${ids.MAX_CUSTOMERS - 1}`);
  }
  const who = new Rng(deriveSeed(seed, index, STREAM.who));
  const kind = who.weighted([
    ['gen1', 40],
    ['gen2', 45],
    ['both', 15],
  ] as const);
  const owner = person(who, index);
  const drawn = between(who, WORLD_START, WORLD_NOW - 30 * DAY);
  const created = options.joinsAt === undefined ? drawn : new Date(WORLD_NOW);
  const customer: Customer = { index, kind, gen1: emptyGen1(), gen2: emptyGen2(), flags: new Set() };
  const { flags } = customer;
  if (kind !== 'gen2' && options.gen1 !== false) {
    const rng = new Rng(deriveSeed(seed, index, STREAM.gen1));
    generateGen1({ seed, index, rng, person: owner, created, flags }, customer.gen1);
  }
  if (kind !== 'gen1' && options.gen2 !== false) {
    const rng = new Rng(deriveSeed(seed, index, STREAM.gen2));
    const gen2Created = kind === 'both' ? between(rng, created.getTime(), WORLD_NOW - DAY) : created;
    const input = { seed, index, rng, person: owner, created: gen2Created, hasGen1: kind === 'both', flags };
    const homes = generateGen2(input, customer.gen2);
    const users = customer.gen2.users;
    const ownerDoc = users[0];
    if (ownerDoc && ownerDoc.authUser.email !== ownerDoc.email) {
      // The record the e-mail change replaced.
      customer.gen2.usersOld.push({ ...ownerDoc, email: ownerDoc.authUser.email });
    }
    if (options.histories !== false && ownerDoc) {
      const history = new Rng(deriveSeed(seed, index, STREAM.history));
      const userIds = users.map((u) => u.userId);
      addHistories(
        { seed, index, rng: history, ownerId: ownerDoc.userId, userIds, flags },
        homes,
        customer.gen2,
      );
      const clients = new Rng(deriveSeed(seed, index, STREAM.clients));
      addClientDevices(clients, users, customer.gen2.clientDevices);
      const tabs = new Rng(deriveSeed(seed, index, STREAM.tabs));
      addTabExtras({ index, rng: tabs, ownerId: ownerDoc.userId, flags }, homes, customer.gen2);
    }
    // Not a history: the auth records are what /authManage, /userEmail and Login-As work on.
    const auth = new Rng(deriveSeed(seed, index, STREAM.auth));
    const legacy = customer.gen1.users[0]?.user_id;
    addCustomerAuth(auth, users, legacy === undefined ? null : String(legacy), customer.gen2);
  }
  if (options.joinsAt !== undefined) shiftCustomer(customer, shiftOf(options.joinsAt), options.joinsAt);
  else if (options.now !== undefined) shiftCustomer(customer, shiftOf(options.now));
  return customer;
}
