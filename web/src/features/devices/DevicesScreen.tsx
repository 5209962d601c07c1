import { Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { DeviceList } from './DeviceList.tsx';

const route = getRouteApi('/devices');

/** /devices (seed 000 §2): the device list with a command selector, open to anyone. */
export function DevicesScreen() {
  const selection = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <Stack gap="md">
      <Title order={1}>Devices</Title>
      <Text size="sm" c="dimmed">
        The device types the WiFi links know and their commands. No sign-in needed.
      </Text>
      <DeviceList selection={selection} onSelect={(next) => navigate({ search: next, replace: true })} />
    </Stack>
  );
}
