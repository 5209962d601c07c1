import { Button, type ButtonProps } from '@mantine/core';

/** A Gen1 record's edit buttons (core spec §2): Edit and Delete, or Update and cancel while editing. */
export function EditActions({
  editing,
  saving,
  size,
  onEdit,
  onSave,
  onCancel,
  onDelete,
}: {
  editing: boolean;
  saving: boolean;
  size: ButtonProps['size'];
  onEdit: () => void;
  onSave: () => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  return editing ? (
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
      <Button size={size} variant="light" color="red" onClick={onDelete}>
        Delete
      </Button>
    </>
  );
}
