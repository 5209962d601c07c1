import type { FleetQuery, LiveTopicKind } from '@console/contracts';

/** A topic as the fan-out understands it. `key` names the shared topic (one NATS subscription each). */
export type TopicSpec =
  | { kind: 'hub'; key: string; hubIds: string[] }
  | { kind: 'structure'; key: string; rootGroupId: string; hubIds: string[] }
  | { kind: 'overview'; key: string }
  | { kind: 'wfl'; key: string; mac: string; feed: 'pings' | 'commands' }
  | { kind: 'supervisor'; key: string }
  | { kind: 'hubs'; key: string }
  | { kind: 'fleet'; key: string; query: Required<FleetQuery> };

const HUB_ID = /^[A-Za-z0-9_-]{1,64}$/;
const ROOT_GROUP_ID = /^[A-Za-z0-9_-]{1,100}$/;
// 74:0A:BC:12:34:56, 74-0A-BC-12-34-56 or 740ABC123456: kept as given, it is a subject token.
const MAC = /^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$/;

export class TopicError extends Error {}

/** The kind of a topic name, for the role check (null for no known kind). */
export function kindOf(topic: string): LiveTopicKind | null {
  const head = topic.split(':', 1)[0];
  return head === 'hub' ||
    head === 'structure' ||
    head === 'overview' ||
    head === 'wfl' ||
    head === 'supervisor' ||
    head === 'hubs' ||
    head === 'fleet'
    ? head
    : null;
}

/**
 * Reads a topic name (and, for a structure, the hub ids the browser names). A structure topic is
 * the union of its hubs' messages in one ordered stream; the fan-out does not check that the hubs
 * belong to the structure (no structure lookup yet), which grants nothing a hub topic does not.
 */
export function parseTopic(topic: string, hubs?: readonly string[], query?: FleetQuery): TopicSpec {
  const [head = '', ...rest] = topic.split(':');
  const kind = head as LiveTopicKind;
  if (kind !== 'structure' && hubs) throw new TopicError('Only a structure topic takes a list of hubs.');
  if (kind !== 'fleet' && query) throw new TopicError('Only a fleet topic takes a query.');
  if (kind === 'fleet') return fleetSpec(topic, rest.join(':'), query);
  if (kind === 'hub') {
    const id = rest.join(':');
    if (!HUB_ID.test(id)) throw new TopicError('A hub topic is hub:<hubId>.');
    return { kind, key: topic, hubIds: [id] };
  }
  if (kind === 'structure') {
    const rootGroupId = rest.join(':');
    if (!ROOT_GROUP_ID.test(rootGroupId))
      throw new TopicError('A structure topic is structure:<rootGroupId>.');
    if (!hubs || hubs.length === 0)
      throw new TopicError('A structure topic needs the hubs of the structure.');
    if (hubs.some((h) => !HUB_ID.test(h))) throw new TopicError('A hub id is not valid.');
    const hubIds = [...new Set(hubs)].sort();
    return { kind, key: `${topic}|${hubIds.join(',')}`, rootGroupId, hubIds };
  }
  if (kind === 'wfl') {
    const feed = rest.pop();
    const mac = rest.join(':');
    if ((feed !== 'pings' && feed !== 'commands') || !MAC.test(mac)) {
      throw new TopicError('A WiFi link topic is wfl:<mac>:pings or wfl:<mac>:commands.');
    }
    return { kind, key: topic, mac, feed };
  }
  if ((kind === 'overview' || kind === 'supervisor' || kind === 'hubs') && rest.length === 0)
    return { kind, key: topic };
  throw new TopicError('That is not a live topic.');
}

const FLEET_NAME = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * A fleet-lens topic: `fleet:<name>` with its query. Watchers of the same live-only expression
 * share one topic (one evaluation per message, one set of counts); a look-back is a topic of its
 * own, since its history is read from the moment it starts.
 */
function fleetSpec(topic: string, name: string, query?: FleetQuery): TopicSpec {
  if (!FLEET_NAME.test(name)) throw new TopicError('A fleet topic is fleet:<name>.');
  if (!query) throw new TopicError('A fleet topic needs a query (an expression).');
  const lookbackMinutes = query.lookbackMinutes ?? 0;
  const expression = query.expression;
  const key =
    lookbackMinutes > 0
      ? `fleet|${topic}|${Date.now()}.${Math.random()}|${expression}`
      : `fleet||${expression}`;
  return { kind: 'fleet', key, query: { expression, lookbackMinutes } };
}
