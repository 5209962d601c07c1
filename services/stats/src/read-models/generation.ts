import type { Generation } from '@console/contracts';
import type { Document } from 'mongodb';

/**
 * A device's generation: migrated Gen1 devices (and the 433 MHz protocol) are connect, the hub and
 * 868 MHz devices smart, the two-way v1 protocol its own; virtual and unknown devices are others.
 */
export function generationOf(p: Document): Generation {
  const protocol = (p.attributes as { protocol?: string } | undefined)?.protocol;
  if (p.migrated || protocol === 'lwrf-433') return 'connect';
  if (protocol === 'lwrf-hub' || protocol === 'lwrf-868') return 'smart';
  if (protocol === 'lwrfTwWay_v1') return 'lwrfTwWay_v1';
  return 'others';
}
