import type { LiveEvent } from '@console/contracts';

/** Saves the captured events as a JSON file, named after the topic and the time. */
export function exportEvents(topic: string, events: readonly LiveEvent[], now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const name = `live-${topic.replace(/[^A-Za-z0-9_-]+/g, '_')}-${stamp}.json`;
  const blob = new Blob([JSON.stringify(events, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}
