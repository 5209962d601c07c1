import { Button, type ButtonProps } from '@mantine/core';

/**
 * A small button in a table row (Edit, Delete, Restore…): its click does not also reach the row
 * (a `DataTable` row that opens its details stays shut).
 */
export function RowButton({ onClick, ...props }: ButtonProps & { onClick: () => void }) {
  return (
    <Button
      size="compact-xs"
      variant="light"
      {...props}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    />
  );
}
