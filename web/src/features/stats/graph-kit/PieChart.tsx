import { Group as Row, Stack, Text } from '@mantine/core';
import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { ChartTooltip, pointerIn, useChartHover } from '../../../shared/ui/ChartTooltip.tsx';
import { colorAt } from './colors.ts';

export interface Slice {
  name: string;
  value: number;
}

/** A pie of the given slices with a legend (name, value, share). */
export function PieChart({ slices, size = 180 }: { slices: readonly Slice[]; size?: number }) {
  const total = slices.reduce((s, x) => s + x.value, 0);
  const r = size / 2;
  const { hover, show, hide } = useChartHover();
  const share = (v: number) => `${total ? Math.round((v / total) * 1000) / 10 : 0}%`;
  return (
    <Row align="flex-start" gap="md" wrap="nowrap">
      <div style={{ position: 'relative' }}>
        <svg width={size} height={size} role="img" aria-label="pie chart" onPointerLeave={hide}>
          <Group top={r} left={r}>
            <Pie
              data={slices.filter((s) => s.value > 0)}
              pieValue={(s) => s.value}
              outerRadius={r - 2}
              innerRadius={r / 3}
            >
              {(pie) =>
                pie.arcs.map((arc) => (
                  <path
                    key={arc.data.name}
                    d={pie.path(arc) ?? ''}
                    fill={colorAt(slices.indexOf(arc.data))}
                    style={{ stroke: 'var(--mantine-color-body)' }}
                    onPointerMove={(e) => {
                      const at = pointerIn(e);
                      show({
                        left: at.x,
                        top: at.y,
                        title: arc.data.name,
                        values: [
                          { label: 'Count', value: arc.data.value.toLocaleString() },
                          { label: 'Share', value: share(arc.data.value) },
                        ],
                      });
                    }}
                  />
                ))
              }
            </Pie>
          </Group>
        </svg>
        <ChartTooltip hover={hover} width={size} />
      </div>
      <Stack gap={2}>
        {slices.map((s, i) => (
          <Text key={s.name} size="xs">
            <span style={{ color: colorAt(i) }}>■</span> {s.name}: {s.value.toLocaleString()} (
            {share(s.value)})
          </Text>
        ))}
      </Stack>
    </Row>
  );
}
