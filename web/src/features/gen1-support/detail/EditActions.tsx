import { Button, type ButtonProps, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ConfirmDeleteModal } from '../../../shared/ui/ConfirmDeleteModal.tsx';

/**
 * A Gen1 record's edit buttons (core spec §2): Edit and Delete, or Update and cancel while
 * editing. Delete asks first (typed yes); the dialog closes when `onDelete` succeeds and stays
 * open when it fails (the caller shows the error).
 */
export function EditActions({
  editing,
  saving,
  size,
  onEdit,
  onSave,
  onCancel,
  deleteTitle,
  deleteText,
  deleting,
  onDelete,
}: {
  editing: boolean;
  saving: boolean;
  size: ButtonProps['size'];
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
  deleteTitle: string;
  /** What the delete removes, said in the dialog. */
  deleteText: ReactNode;
  deleting: boolean;
  onDelete: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const buttons = editing ? (
    <>
      <Button size={size} onClick={onSave} loading={saving}>
        Update
      </Button>
      <Button size={size} variant="default" onClick={onCancel}>
        cancel
      </Button>
    </>
  ) : (
    <>
      <Button size={size} variant="light" onClick={onEdit}>
        Edit
      </Button>
      <Button size={size} variant="light" color="red" onClick={() => setConfirming(true)}>
        Delete
      </Button>
    </>
  );
  return (
    <>
      {buttons}
      <ConfirmDeleteModal
        opened={confirming}
        title={deleteTitle}
        loading={deleting}
        onConfirm={() =>
          onDelete().then(
            () => setConfirming(false),
            () => undefined,
          )
        }
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">{deleteText}</Text>
      </ConfirmDeleteModal>
    </>
  );
}
