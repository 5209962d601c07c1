import { ALEXA_TEXT } from '@console/contracts';
import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../../shared/api/call.ts';
import { isApiError } from '../../../../shared/api/client.ts';
import { bound } from '../../../../shared/ui/bound.ts';
import { ColumnTable } from '../../../../shared/ui/ColumnTable.tsx';
import { formatStamp } from '../../../../shared/ui/dates.ts';

/** The seed's words for a failed lookup, by its status (seed 001 §8). */
export function alexaLookupError(err: unknown): string {
  if (isApiError(err, 404)) return ALEXA_TEXT.notConnected;
  if (isApiError(err, 500)) return ALEXA_TEXT.internal;
  return isApiError(err) ? ALEXA_TEXT.unknown(err.status, err.message) : ALEXA_TEXT.unknown(0, String(err));
}

/** The Alexa tab's discovered-devices lookup (seed 001 §2): a user's Alexa link and its devices. */
export function AlexaLookup({ userId: initial }: { userId: string }) {
  const [userId, setUserId] = useState(initial);
  const look = useMutation({
    mutationFn: (id: string) => call('search.alexaDiscovered', { params: { userId: id.trim() } }),
  });
  return (
    <Card withBorder padding="sm" component="section" aria-label="Alexa discovered devices">
      <Stack gap="xs">
        <Group gap="xs" align="end">
          <TextInput label="LW user id" w={280} {...bound(userId, setUserId)} />
          <Button
            variant="light"
            disabled={!userId.trim()}
            loading={look.isPending}
            onClick={() => look.mutate(userId)}
          >
            Discovered devices
          </Button>
        </Group>
        {look.isError && <Alert color="red">{alexaLookupError(look.error)}</Alert>}
        {look.data && (
          <>
            <Text size="sm">
              {look.data.linked ? 'Linked' : 'Not linked'} · updated {formatStamp(look.data.lastUpdatedAt)} ·
              auth user {look.data.userId}
            </Text>
            <ColumnTable
              label="Alexa discovered devices"
              rows={look.data.devices}
              rowKey={(d) => d.endpointId}
              columns={[
                { header: 'Name', cell: (d) => d.name },
                { header: 'Product', cell: (d) => d.productCode },
                { header: 'Type', cell: (d) => d.type },
                { header: 'Endpoint', cell: (d) => d.endpointId },
              ]}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
