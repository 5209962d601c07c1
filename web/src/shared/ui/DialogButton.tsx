import { Button, Modal } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/** A small button that opens a dialog; the dialog's content is made only while it is open. */
export function DialogButton({
  label,
  title,
  disabled,
  children,
}: {
  label: string;
  title: string;
  disabled?: boolean;
  children: () => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="compact-xs" variant="light" onClick={() => setOpen(true)} disabled={disabled}>
        {label}
      </Button>
      {open && (
        <Modal opened onClose={() => setOpen(false)} title={title} size="xl">
          {children()}
        </Modal>
      )}
    </>
  );
}
