import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/**
 * Copies a link to this console (`path` on the same origin) to the clipboard, and says so with
 * the link itself in a notification (so it can be copied by hand where the clipboard is refused).
 */
export async function copyConsoleLink(path: string): Promise<void> {
  const url = `${window.location.origin}${path}`;
  let copied = false;
  try {
    await navigator.clipboard.writeText(url);
    copied = true;
  } catch {
    copied = false;
  }
  notifications.show({ title: copied ? 'Link copied' : 'Copy this link', message: url, autoClose: 8000 });
}

export function CopyLinkButton({ path, label }: { path: string; label: string }) {
  const copy = () => copyConsoleLink(path);
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      aria-label={label}
      onClick={(e) => {
        e.stopPropagation();
        void copy();
      }}
    >
      Copy link
    </Button>
  );
}
