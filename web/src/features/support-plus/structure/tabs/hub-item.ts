import type { HubActionResult } from '@console/contracts';

type Item = HubActionResult['items'][number];

/** The one item of a hub action's answer; its error (or no answer) is thrown as the item's message. */
export function onlyItem(result: HubActionResult): Item {
  const item = result.items[0];
  if (!item?.success) throw new Error(item?.error?.message ?? 'no answer');
  return item;
}
