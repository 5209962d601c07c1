import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { AlexaPanel } from './AlexaPanel.tsx';
import { ApiCommandLogPanel } from './ApiCommandLogPanel.tsx';
import { HubPanel } from './HubPanel.tsx';
import { LinkPanel } from './LinkPanel.tsx';
import { LogPanel } from './LogPanel.tsx';
import { PlistPanel } from './PlistPanel.tsx';
import { TriggerPanel } from './TriggerPanel.tsx';

/** The panels a button opens, in the legacy page's order (seed 000 §2 "Per-WFL panels"). */
export const PANELS = ['Plist', 'Command log', 'Alexa', 'Hub', 'Link', 'Trigger', 'Log'] as const;
type Panel = (typeof PANELS)[number];

/**
 * The per-WFL panels that open on demand from All Details (each reads only once opened) and close
 * with their own Close button.
 */
export function WflMorePanels({ userId, wflId }: { userId: number; wflId: number }) {
  const [open, setOpen] = useState<Panel[]>([]);
  const toggle = (p: Panel) => setOpen((o) => (o.includes(p) ? o.filter((x) => x !== p) : [...o, p]));
  const close = (p: Panel) => () => setOpen((o) => o.filter((x) => x !== p));
  const shown = (p: Panel) => open.includes(p);
  return (
    <Stack gap="md">
      <Group gap="xs" role="group" aria-label="WFL panels">
        {PANELS.map((p) => (
          <Button
            key={p}
            size="compact-sm"
            variant={shown(p) ? 'filled' : 'light'}
            aria-pressed={shown(p)}
            onClick={() => toggle(p)}
          >
            {p}
          </Button>
        ))}
      </Group>
      {shown('Plist') && <PlistPanel wflId={wflId} onClose={close('Plist')} />}
      {shown('Command log') && <ApiCommandLogPanel wflId={wflId} onClose={close('Command log')} />}
      {shown('Alexa') && <AlexaPanel userId={userId} onClose={close('Alexa')} />}
      {shown('Hub') && <HubPanel wflId={wflId} onClose={close('Hub')} />}
      {shown('Link') && <LinkPanel wflId={wflId} onClose={close('Link')} />}
      {shown('Trigger') && <TriggerPanel wflId={wflId} onClose={close('Trigger')} />}
      {shown('Log') && <LogPanel wflId={wflId} onClose={close('Log')} />}
    </Stack>
  );
}
