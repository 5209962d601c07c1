import {
  type AccessTokenDoc,
  AUTH_CLIENT_IDS,
  type AuthCodeDoc,
  type AuthUserDoc,
  type UserDoc,
} from '@console/contracts';
import type { Rng } from '../rng.ts';
import { between, DAY, HOUR, MINUTE, WORLD_NOW } from '../time.ts';

export interface CustomerAuthDocs {
  authUsers: AuthUserDoc[];
  accessTokens: AccessTokenDoc[];
  authCodes: AuthCodeDoc[];
}

/** App tokens live hours to a month; integration tokens (voice, IFTTT…) up to three years. */
const APP_HOURS = [1, 24, 168, 720] as const;
const INTEGRATION_HOURS = [720, 8760, 26_280] as const;

/**
 * Each Gen2 user's record on the customer auth server, with the tokens and authorisation codes it
 * was issued: most expired long ago (what /authManage cleans up), a few revoked, and some
 * integration tokens that outlive the world's clock. `legacyUserId` links the owner of a customer
 * who also has a Gen1 account.
 */
export function addCustomerAuth(
  rng: Rng,
  users: readonly UserDoc[],
  legacyUserId: string | null,
  out: CustomerAuthDocs,
): void {
  users.forEach((user, i) => {
    const since = user.createdDate.getTime();
    out.authUsers.push({
      userId: user.userId,
      email: user.authUser.email,
      created: user.createdDate,
      modified: between(rng, since, WORLD_NOW),
      roles: [...user.roles],
      legacy: i === 0 && legacyUserId ? { product: 'connect', user_id: legacyUserId } : null,
    });
    for (let n = rng.int(1, 5); n > 0; n--) {
      const client = rng.weighted(AUTH_CLIENT_IDS.map((c, k) => [c, k === 0 ? 6 : 1] as const));
      const created = between(rng, since, WORLD_NOW);
      const app = client === 'lwapps';
      const hours = app ? rng.pick(APP_HOURS) : rng.pick(INTEGRATION_HOURS);
      out.accessTokens.push({
        tokenId: rng.hex(24),
        client_id_: client,
        user_id_: user.userId,
        created_: created,
        expires_at_: new Date(created.getTime() + hours * HOUR),
        ...(app ? { max_age_hours_: hours } : { ei_hours_: hours }),
        deleted_: rng.chance(0.05) ? between(rng, created.getTime(), WORLD_NOW) : null,
      });
    }
    for (let n = rng.int(0, 2); n > 0; n--) {
      const created = between(rng, since, WORLD_NOW - DAY);
      out.authCodes.push({
        codeId: rng.hex(20),
        client_id_: rng.pick(AUTH_CLIENT_IDS),
        user_id_: user.userId,
        created_: created,
        expires_at_: new Date(created.getTime() + 10 * MINUTE),
        deleted_: rng.chance(0.3) ? new Date(created.getTime() + rng.int(1, 9) * MINUTE) : null,
      });
    }
  });
}
