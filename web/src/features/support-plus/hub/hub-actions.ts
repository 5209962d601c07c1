import type { HubCard, StructureHub } from '@console/contracts';
import { type HubRun, hubRun } from './hub-queries.ts';

/** A button on the hub card: what it sends, whether it asks for typed words, and when it shows. */
export interface CardAction {
  label: string;
  /** The action and its body for this hub (typed from its operation). */
  run: (hubId: number) => HubRun;
  /** The operation whose typed confirmation guards it (contracts CONFIRMATIONS). */
  confirm?: { operationId: string; words: string };
  /**
   * A yes/no question before an action that interrupts the customer's home but has no typed words
   * in the specification (a restart drops the hub off line for a moment).
   */
  ask?: string;
  /** After success the notice says it is queued, and the card reloads after 10 s. */
  queued?: boolean;
  color?: string;
  shown?: (card: HubCard) => boolean;
}

/** The link actions of the Support Plus spec §4; reset type defaults to restart. */
export const CARD_ACTIONS: readonly CardAction[] = [
  {
    label: 'Restart',
    run: (id) => hubRun('hub-control.linkReset', { link2Id: id, object: { type: 'restart' } }),
    ask: 'The hub restarts and is off line for a moment; its devices keep their settings.',
  },
  {
    label: 'HomeKit Unpair',
    run: (id) => hubRun('hub-control.linkReset', { link2Id: id, object: { type: 'pairing' } }),
    ask: 'The hub forgets its HomeKit pairing; the customer has to pair it again in the Home app.',
  },
  {
    label: 'Fix Storage',
    run: (id) => hubRun('hub-control.linkReset', { link2Id: id, object: { type: 'fixStorage' } }),
    // Offered only when the storage number shows the storage error (spec §4).
    shown: (card) => (card.info?.systemStorageNumber ?? 0) !== 0,
  },
  {
    label: 'Reset ErrorState',
    run: (id) => hubRun('hub-control.resetErrorState', { linkId: id, errorState: false }),
    shown: (card) => card.info?.errorState === true,
  },
  {
    label: 'Sync Link',
    run: (id) => hubRun('hub-control.syncLink', { linkId: id, forceSync: true }),
    queued: true,
  },
  { label: 'Backup', run: (id) => hubRun('hub-control.backup', { linkId: id }) },
  {
    label: 'Remove Link',
    run: (id) => hubRun('hub-control.removeLink', { linkId: id }),
    confirm: { operationId: 'hub-control.removeLink', words: 'remove link' },
    queued: true,
    color: 'red',
  },
];

export function visibleActions(card: HubCard): CardAction[] {
  return CARD_ACTIONS.filter((a) => !a.shown || a.shown(card));
}

/** "12 ms avg · 40 samples · 9–130 ms", or a dash before any live info was read. */
export function formatStats(stats: HubCard['stats']): string {
  if (!stats) return '—';
  return `${stats.average} ms avg · ${stats.count} samples · ${stats.min}–${stats.max} ms`;
}

/** The firmware, config and lock the card shows, and where they come from. */
export interface KnownFacts {
  firmwareVersion: string;
  configNumber: number | null;
  locked: boolean;
  /** Milliseconds or an ISO string; null when not known. */
  lockedSince: number | string | null;
  /** 'read': the link answered a system read (at `at`); 'record': the stored hub record says so. */
  source: 'read' | 'record';
  at: number | null;
}

/**
 * What the console knows of a hub's firmware, config and lock: the link's last system read when
 * there is one, else the stored hub record (the structure page's link summary); null when neither.
 */
export function knownFacts(
  card: HubCard,
  stored: Pick<StructureHub, 'firmwareVersion' | 'configNumber' | 'locked' | 'lockedSince'> | undefined,
): KnownFacts | null {
  if (card.info) {
    const { firmwareVersion, configNumber, locked, lockedSince, readAt } = card.info;
    return { firmwareVersion, configNumber, locked, lockedSince, source: 'read', at: readAt };
  }
  if (!stored) return null;
  return {
    firmwareVersion: stored.firmwareVersion,
    configNumber: stored.configNumber,
    locked: stored.locked,
    lockedSince: stored.lockedSince,
    source: 'record',
    at: null,
  };
}
