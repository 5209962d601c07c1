import { Group, NumberInput, SegmentedControl, Select } from '@mantine/core';
import { choices } from '../../../shared/ui/choices.ts';
import { Toggle } from '../../../shared/ui/Toggle.tsx';
import type { ChartStyle, ScaleKind } from './LineChart.tsx';

export interface GraphOptionsValue {
  style: ChartStyle;
  scale: ScaleKind;
  percent: boolean;
  trend: boolean;
  /** 0: no comparison; 1: the preceding period; 2: the same period a year earlier. */
  compare: number;
  /** The graph period in days. */
  days: number;
}

export const defaultGraphOptions = (days: number): GraphOptionsValue => ({
  style: 'line',
  scale: 'linear',
  percent: false,
  trend: false,
  compare: 0,
  days,
});

const STYLES = choices({ line: 'Line', area: 'Area', bar: 'Bar' });
const SCALES = choices({ linear: 'Linear', log: 'Log' });
const VALUES = choices({ abs: 'Absolute', pct: 'Percent' });
const COMPARES = choices({ 0: 'No comparison', 1: '1 – preceding period', 2: 'Same period a year earlier' });

/**
 * The graph screens' shared controls (analytics spec §2): chart style, log or linear, percent or
 * absolute, trend lines, compare, and the period in days.
 */
export function GraphOptions({
  value,
  onChange,
  periodError,
  withPercent = true,
}: {
  value: GraphOptionsValue;
  onChange: (v: GraphOptionsValue) => void;
  periodError?: string | null;
  withPercent?: boolean;
}) {
  const set = (patch: Partial<GraphOptionsValue>) => onChange({ ...value, ...patch });
  return (
    <Group gap="md" align="flex-end">
      <Select
        label="Chart style"
        w={110}
        data={STYLES}
        value={value.style}
        onChange={(v) => v && set({ style: v as ChartStyle })}
        allowDeselect={false}
      />
      <SegmentedControl
        aria-label="Scale"
        data={SCALES}
        value={value.scale}
        onChange={(v) => set({ scale: v as ScaleKind })}
      />
      {withPercent && (
        <SegmentedControl
          aria-label="Values"
          data={VALUES}
          value={value.percent ? 'pct' : 'abs'}
          onChange={(v) => set({ percent: v === 'pct' })}
        />
      )}
      <Toggle label="Trend lines" checked={value.trend} onChange={(on) => set({ trend: on })} />
      <Select
        label="Compare"
        w={190}
        data={COMPARES}
        value={String(value.compare)}
        onChange={(v) => set({ compare: Number(v ?? 0) })}
        allowDeselect={false}
      />
      <NumberInput
        label="Period (days)"
        w={120}
        min={1}
        max={3650}
        value={value.days}
        error={periodError}
        onChange={(v) => set({ days: typeof v === 'number' ? v : Number.NaN })}
      />
    </Group>
  );
}
