import type { FeatureTypes, ProductMeta, ProductsAndFeatures } from '@console/contracts';
import { Button, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { TableHead } from '../../shared/ui/ColumnTable.tsx';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { getFeatureTypes, productListQueryOptions } from './queries.ts';

const pair = (code: string, type: string) => `${code}\u0000${type}`;

/** The chosen product and type pairs, in the order the tables show them. */
export function chosenPairs(types: FeatureTypes | undefined, picked: Set<string>): ProductsAndFeatures {
  return (types?.products ?? [])
    .map((p) => ({
      productCode: p.productCode,
      featureTypes: p.types.map((t) => t.type).filter((t) => picked.has(pair(p.productCode, t))),
    }))
    .filter((p) => p.featureTypes.length > 0);
}

/**
 * Product search (filter → code, category, description, select) and Get Feature Types (per product,
 * per type, select and select all): what a run examines.
 */
export function ProductPicker({ onChange }: { onChange: (chosen: ProductsAndFeatures) => void }) {
  const [filter, setFilter] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [codes, setCodes] = useState<Set<string>>(new Set());
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const products = useQuery({ ...productListQueryOptions(searched ?? ''), enabled: searched !== null });
  const types = useMutation({ mutationFn: getFeatureTypes });

  const pick = (next: Set<string>) => {
    setPicked(next);
    onChange(chosenPairs(types.data, next));
  };
  const toggleCode = (p: ProductMeta, on: boolean) => {
    const next = new Set(codes);
    if (on) next.add(p.productCode);
    else next.delete(p.productCode);
    setCodes(next);
  };
  const allPairs = (types.data?.products ?? []).flatMap((p) =>
    p.types.map((t) => pair(p.productCode, t.type)),
  );
  const allPicked = allPairs.length > 0 && allPairs.every((k) => picked.has(k));

  return (
    <Stack gap="sm">
      <form
        aria-label="Product search"
        onSubmit={(e) => {
          e.preventDefault();
          setSearched(filter.trim());
        }}
      >
        <Group align="end">
          <TextInput
            label="Filter"
            placeholder="code, category…"
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            w={260}
          />
          <Button type="submit" loading={products.isFetching}>
            Search
          </Button>
        </Group>
      </form>
      <ErrorAlert error={products.error} aria-label="Product search error" />
      {products.data && (
        <Table striped withTableBorder aria-label="Products" maw={760}>
          <TableHead headers={['Select', 'Product code', 'Category', 'Description']} />
          <Table.Tbody>
            {products.data.productList.map((p) => (
              <Table.Tr key={p.productCode}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${p.productCode}`}
                    checked={codes.has(p.productCode)}
                    onChange={(e) => toggleCode(p, e.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>{p.productCode}</Table.Td>
                <Table.Td>{p.category}</Table.Td>
                <Table.Td>{p.description}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {products.data?.productList.length === 0 && <Text size="sm">No products match.</Text>}
      <Group>
        <Button
          variant="light"
          disabled={codes.size === 0}
          loading={types.isPending}
          onClick={() => {
            pick(new Set());
            types.mutate([...codes].sort());
          }}
        >
          Get Feature Types
        </Button>
      </Group>
      <ErrorAlert error={types.error} aria-label="Feature types error" />
      {types.data && (
        <Stack gap={4} aria-label="Feature types">
          <Title order={4}>Feature types</Title>
          <Checkbox
            label="Select all"
            checked={allPicked}
            onChange={(e) => pick(e.currentTarget.checked ? new Set(allPairs) : new Set())}
          />
          <Table withTableBorder maw={760}>
            <TableHead headers={['Product', 'Devices', 'Feature types']} />
            <Table.Tbody>
              {types.data.products.map((p) => (
                <Table.Tr key={p.productCode}>
                  <Table.Td>{p.productCode}</Table.Td>
                  <Table.Td>{p.devices}</Table.Td>
                  <Table.Td>
                    <Group gap="md">
                      {p.types.length === 0 && <Text size="sm">None</Text>}
                      {p.types.map((t) => {
                        const k = pair(p.productCode, t.type);
                        return (
                          <Checkbox
                            key={k}
                            label={`${p.productCode} ${t.type} (${t.features})`}
                            checked={picked.has(k)}
                            onChange={(e) => {
                              const next = new Set(picked);
                              if (e.currentTarget.checked) next.add(k);
                              else next.delete(k);
                              pick(next);
                            }}
                          />
                        );
                      })}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}
