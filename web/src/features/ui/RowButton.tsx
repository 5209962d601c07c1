import { Button, type ButtonProps } from '@mantine/core';

/**
 * A small button inside a `DataTable` row that opens something itself: its click does not also
 * open the row's details.
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
