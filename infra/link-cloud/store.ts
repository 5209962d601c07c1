import { randomBytes } from 'node:crypto';
import { customers, type WorldSpec } from '@console/world';

/** A product structure as the link clouds list it: its rooms and other groups to hang things in. */
export interface LinkStructure {
  rootGroupId: string;
  name: string;
  groups: { groupId: string; name: string; type: string }[];
}

export interface Assignment {
  rootGroupId: string;
  parentGroupIds: string[];
}

export interface HueDevice {
  hueDeviceId: string;
  bridgeId: string;
  name: string;
  assigned: Assignment | null;
}

export interface SonosGroup {
  householdId: string;
  groupId: string;
  name: string;
  assigned: Assignment | null;
}

interface Account {
  userId: string;
  email: string;
  structures: LinkStructure[];
  hue: HueDevice[];
  sonos: SonosGroup[];
}

const HUE = ['Hue go', 'Lightstrip', 'Hue bulb', 'Play bar', 'Ceiling light', 'Desk lamp'];
const SONOS = ['Living Room', 'Kitchen', 'Bedroom', 'Office', 'Patio'];

/**
 * The stand-in's accounts: the Gen2 users of the generated world (same seed and size as the loaded
 * world, so the structures are the ones Support Plus shows), each with a few lights behind a Hue
 * bridge and a Sonos household, made from the user's position so every run is the same.
 */
export class LinkStore {
  private readonly byEmail = new Map<string, Account>();
  private readonly tokens = new Map<string, Account>();

  constructor(spec: WorldSpec) {
    for (const c of customers(spec, { gen1: false, histories: false })) {
      const structures = c.gen2.structures.map((s) => ({
        rootGroupId: s.rootGroupId,
        name: s.name,
        groups: Object.values(s._groups)
          .filter((g) => g.visible && (g.type === 'room' || g.type === 'zone'))
          .map((g) => ({ groupId: g.groupId, name: g.name, type: g.type })),
      }));
      for (const [u, user] of c.gen2.users.entries()) {
        const n = (c.index + u) % 4;
        const bridgeId = `001788${String(c.index).padStart(6, '0')}${u}`;
        this.byEmail.set(user.email.toLowerCase(), {
          userId: user.userId,
          email: user.email,
          structures: u === 0 ? structures : [],
          hue: Array.from({ length: n + 2 }, (_, i) => ({
            hueDeviceId: `${bridgeId}-${i + 1}`,
            bridgeId,
            name: HUE[(c.index + i) % HUE.length] as string,
            assigned: null,
          })),
          sonos: Array.from({ length: n + 1 }, (_, i) => ({
            householdId: `Sonos_${c.index}_${u}`,
            groupId: `RINCON_${c.index}${u}${i}:1`,
            name: SONOS[(c.index + i) % SONOS.length] as string,
            assigned: null,
          })),
        });
      }
    }
  }

  /** A bearer token for the account with this e-mail, when the password is the stand-in's. */
  login(email: string, password: string, expected: string): string | null {
    const account = this.byEmail.get(email.trim().toLowerCase());
    if (!account || password !== expected) return null;
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, account);
    return token;
  }

  account(token: string | null): Account | null {
    return token ? (this.tokens.get(token) ?? null) : null;
  }
}
