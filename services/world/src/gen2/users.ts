import { PLUS_SUBSCRIBER_TAG, type UserDoc } from '@console/contracts';
import type { Person } from '../names.ts';
import type { Rng } from '../rng.ts';

export interface UserInput {
  rng: Rng;
  userId: string;
  person: Person;
  created: Date;
  rootGroupIds: string[];
  licence: string | null;
  flags: Set<string>;
}

/** A Gen2 user document; a user with no structure is a no-root user. */
export function makeUser(input: UserInput): UserDoc {
  const { rng, person, rootGroupIds, flags } = input;
  const plus = rng.chance(0.3); // has a Shopify record
  const authMismatch = rng.chance(0.01);
  const wrongCurrent = rootGroupIds.length > 0 && rng.chance(0.01);
  if (authMismatch) flags.add('gen2.authEmailMismatch');
  if (wrongCurrent) flags.add('gen2.currentRootMissing');
  return {
    userId: input.userId,
    email: person.email,
    rootGroupIds,
    // A current root group not among the root groups is one of the Errors tab's cases.
    currentRootGroup: wrongCurrent ? `${input.userId}-gone` : (rootGroupIds[0] ?? null),
    licenses: input.licence ? { v5: { license: input.licence } } : {},
    createdDate: input.created,
    roles: rng.chance(0.1) ? ['user', 'beta'] : ['user'],
    authUser: { email: authMismatch ? person.email.replace('@', '.previous@') : person.email },
    ...(plus ? { shopify: shopify(rng) } : {}),
    noRoot: rootGroupIds.length === 0,
  };
}

function shopify(rng: Rng): NonNullable<UserDoc['shopify']> {
  return rng.chance(0.7)
    ? { isPlusSubscriber: true, subscriberTag: PLUS_SUBSCRIBER_TAG }
    : { isPlusSubscriber: false };
}
