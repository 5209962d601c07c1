import type { StructureUser } from '@console/contracts';
import { Select, Stack, Text } from '@mantine/core';
import { NotesPanel } from '../../notes/NotesPanel.tsx';
import { ViewHistory } from '../../notes/ViewHistory.tsx';

/**
 * The side bar of a structure (seed 001 §2): pick one of the structure's users, then their support
 * notes and who viewed them (the notes feature, shared with the legacy support page).
 */
export function CustomerNotes({
  users,
  customerId,
  onCustomer,
  staffName,
}: {
  users: StructureUser[];
  customerId: string | null;
  onCustomer: (userId: string) => void;
  staffName: string;
}) {
  return (
    <Stack gap="md">
      {users.length > 1 && (
        <Select
          label="Customer"
          data={users.map((u) => ({ value: u.userId, label: u.email }))}
          value={customerId}
          onChange={(v) => v && onCustomer(v)}
          allowDeselect={false}
        />
      )}
      {customerId ? (
        <>
          <NotesPanel layout="list" customerId={customerId} key={`notes-${customerId}`} />
          <ViewHistory
            layout="list"
            customerId={customerId}
            staffName={staffName}
            key={`views-${customerId}`}
          />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          No user has access to this structure, so there is no one to keep notes on.
        </Text>
      )}
    </Stack>
  );
}
