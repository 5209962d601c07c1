import type { SupportPlusQueryBody } from '@console/contracts';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailsModal } from '../../../shared/ui/DetailsModal.tsx';
import { recordsQueryOptions } from '../queries.ts';

/**
 * A card's 'Details' button and its dialog: the card as the structure holds it and, where a
 * stored record backs it (a device's product record), that record read when the dialog opens.
 */
export function DetailsButton({
  title,
  value,
  record,
  label = 'Details',
  name = `${title} details`,
}: {
  title: string;
  value: unknown;
  /** The button's text. */
  label?: string;
  /** The button's accessible name; it starts with the text, as speech-input users say it. */
  name?: string;
  /** The generic read of the record behind the card (POST /api/supportPlus). */
  record?: Pick<SupportPlusQueryBody, 'database' | 'filter' | 'project'>;
}) {
  const [open, setOpen] = useState(false);
  const stored = useQuery({
    ...recordsQueryOptions({ ...(record as SupportPlusQueryBody), limit: 1 }),
    enabled: open && record !== undefined,
  });
  const shown = record
    ? {
        card: value,
        record: stored.data?.documents[0] ?? (stored.isError ? 'could not be read' : 'loading…'),
      }
    : value;
  return (
    <>
      <Button size="compact-xs" variant="subtle" onClick={() => setOpen(true)} aria-label={name}>
        {label}
      </Button>
      <DetailsModal title={title} value={open ? shown : null} onClose={() => setOpen(false)} />
    </>
  );
}
