import { Badge, type BadgeProps, Group } from '@mantine/core';

/** A row of small badges, one a word (a user's roles); the badge props apply to each. */
export function BadgeList({ items, ...badge }: { items: readonly string[] } & BadgeProps) {
  return (
    <Group gap={4}>
      {items.map((item) => (
        <Badge key={item} {...badge}>
          {item}
        </Badge>
      ))}
    </Group>
  );
}
