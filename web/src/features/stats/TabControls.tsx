import { PLW2_DEVICE_TYPE, type StatsControl, type StatsSeries, type StatsTab } from '@console/contracts';
import { Button, Group, MultiSelect, SegmentedControl } from '@mantine/core';
import { CONTROL_LABEL, controlOptions, type Selection } from './tab-view.ts';

/** A tab's extra controls (core spec §2): its multi-selects with Select All/Deselect All, and shortcuts. */
export function TabControls({
  tab,
  series,
  selection,
  onSelection,
  measure,
  onMeasure,
}: {
  tab: StatsTab;
  series: readonly StatsSeries[];
  selection: Selection;
  onSelection: (s: Selection) => void;
  measure: 'total' | 'unique';
  onMeasure: (m: 'total' | 'unique') => void;
}) {
  const set = (c: StatsControl, v: string[] | undefined) => onSelection({ ...selection, [c]: v });
  return (
    <Group gap="md" align="flex-end">
      {tab.controls.map((c) => {
        if (c === 'measure') {
          return (
            <SegmentedControl
              key={c}
              aria-label="Total or unique"
              data={[
                { value: 'total', label: 'Total' },
                { value: 'unique', label: 'Unique' },
              ]}
              value={measure}
              onChange={(v) => onMeasure(v as 'total' | 'unique')}
            />
          );
        }
        const options = controlOptions(tab, c, series);
        const value = selection[c] ?? options;
        const all = value.length === options.length;
        return (
          <Group key={c} gap={4} align="flex-end" wrap="nowrap">
            <MultiSelect
              label={CONTROL_LABEL[c]}
              data={options}
              value={value}
              onChange={(v) => set(c, v)}
              w={240}
              maxDropdownHeight={240}
              searchable
              styles={{ pillsList: { maxHeight: 64, overflowY: 'auto' } }}
            />
            <Button size="xs" variant="default" onClick={() => set(c, all ? [] : undefined)}>
              {all ? 'Deselect All' : 'Select All'}
            </Button>
          </Group>
        );
      })}
      {tab.id === 'clientDeviceTypes' && (
        <Button size="xs" variant="light" onClick={() => set('deviceType', [PLW2_DEVICE_TYPE])}>
          Select PLW2 Only
        </Button>
      )}
    </Group>
  );
}
