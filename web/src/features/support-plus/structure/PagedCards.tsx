import { Pagination, SimpleGrid, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { page } from './structure-view.ts';

const PAGE = 30;

/**
 * A titled section of cards with its count, 30 a page (the Devices tab's categories, the Groups
 * tab's types); 'None' when empty.
 */
export function PagedCards<T>({
  label,
  items,
  card,
}: {
  label: string;
  items: readonly T[];
  /** One item's card, keyed. */
  card: (item: T) => ReactNode;
}) {
  const [at, setAt] = useState(1);
  const shown = page(items, at, PAGE);
  return (
    <section aria-label={label}>
      <Title order={2} mb={6}>
        {label} ({items.length})
      </Title>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          None
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {shown.items.map(card)}
        </SimpleGrid>
      )}
      {shown.pages > 1 && (
        <Pagination
          mt="xs"
          size="sm"
          total={shown.pages}
          value={at}
          onChange={setAt}
          aria-label={`${label} pages`}
        />
      )}
    </section>
  );
}
