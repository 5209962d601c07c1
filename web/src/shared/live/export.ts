import type { LiveEvent } from '@console/contracts';
import { downloadText } from '../ui/download.ts';

/** Saves the captured events as a JSON file, named after the topic and the time. */
export function exportEvents(topic: string, events: readonly LiveEvent[], now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const name = `live-${topic.replace(/[^A-Za-z0-9_-]+/g, '_')}-${stamp}.json`;
  downloadText(name, JSON.stringify(events, null, 2), 'application/json');
  return name;
}
