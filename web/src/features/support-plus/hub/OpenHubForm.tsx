import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { readHubId } from './hub-id.ts';

/** Until search exists, a hub's live monitor is opened by its id (decimal or 0x hex). */
export function OpenHubForm() {
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { hubId: '' },
    validate: { hubId: (value) => (readHubId(value) ? null : 'Enter a hub id, e.g. 4660 or 0x1234') },
  });
  return (
    <form
      onSubmit={form.onSubmit(({ hubId }) =>
        navigate({ to: '/supportPlus/hub/$hubId', params: { hubId: readHubId(hubId) ?? hubId } }),
      )}
      noValidate
    >
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Hub id"
          placeholder="4660 or 0x1234"
          style={{ flex: 1 }}
          {...form.getInputProps('hubId')}
        />
        <Button type="submit" mt={25}>
          Open
        </Button>
      </Group>
    </form>
  );
}
