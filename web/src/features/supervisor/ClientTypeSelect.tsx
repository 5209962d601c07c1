import { CLIENT_TYPES } from '@console/contracts';
import { Select } from '@mantine/core';

/** The worker-connection tools' client type (link2 unless chosen). */
export function ClientTypeSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Select
      label="Client type"
      data={[...CLIENT_TYPES]}
      value={value}
      onChange={(v) => onChange(v ?? 'link2')}
      allowDeselect={false}
      w={130}
    />
  );
}
