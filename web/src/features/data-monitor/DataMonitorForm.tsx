import { DATA_MONITOR_FORMATS, type DataMonitorFormat, parseSerialEntries } from '@console/contracts';
import { Button, Group, NumberInput, Select, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DateRangeInputs } from '../../shared/ui/DateInput.tsx';
import type { DataMonitorState } from './params.ts';

export type FormValues = Pick<DataMonitorState, 'serials' | 'from' | 'to' | 'interval' | 'format'>;

/** Serials, range, interval and format; Load puts them in the URL (page 0). */
export function DataMonitorForm({
  initial,
  onLoad,
}: {
  initial: FormValues;
  onLoad: (v: FormValues) => void;
}) {
  const [v, setV] = useState(initial);
  const bad = parseSerialEntries(v.serials).bad;
  const rangeError = v.to <= v.from ? 'The end must come after the start' : undefined;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!bad.length && !rangeError) onLoad(v);
      }}
    >
      <Group align="flex-start" wrap="wrap">
        <Textarea
          label="Serials"
          description="mac->serial<-building|folder, one a line; only the serial is needed; empty: the default serial"
          placeholder="74:0A:BC:12:34:56->A1B2C3<-Office|Floor 2"
          value={v.serials}
          onChange={(e) => setV({ ...v, serials: e.currentTarget.value })}
          error={bad.length ? `Not an entry: ${bad.join(', ')}` : undefined}
          autosize
          minRows={2}
          w={420}
        />
        <DateRangeInputs required value={v} errors={{ to: rangeError }} onChange={setV} />
        <NumberInput
          label="Interval (min)"
          value={v.interval}
          min={1}
          max={1440}
          allowDecimal={false}
          onChange={(n) => setV({ ...v, interval: typeof n === 'number' ? n : v.interval })}
          w={120}
        />
        <Select
          label="Format"
          data={[...DATA_MONITOR_FORMATS]}
          value={v.format}
          allowDeselect={false}
          onChange={(f) => setV({ ...v, format: (f ?? v.format) as DataMonitorFormat })}
          w={140}
        />
        <Button type="submit" mt={24}>
          Load
        </Button>
      </Group>
    </form>
  );
}
