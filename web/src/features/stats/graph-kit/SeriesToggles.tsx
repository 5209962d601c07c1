import { Chip, Group } from '@mantine/core';
import { colorAt } from './colors.ts';

/** One chip per series: shown or hidden (analytics spec §2: series toggles). */
export function SeriesToggles({
  names,
  hidden,
  onChange,
}: {
  names: readonly string[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: Set<string>) => void;
}) {
  return (
    <Group gap={6} role="group" aria-label="Series">
      {names.map((name, i) => (
        <Chip
          key={name}
          size="xs"
          color={colorAt(i)}
          checked={!hidden.has(name)}
          onChange={(on) => {
            const next = new Set(hidden);
            if (on) next.delete(name);
            else next.add(name);
            onChange(next);
          }}
        >
          {name}
        </Chip>
      ))}
    </Group>
  );
}
