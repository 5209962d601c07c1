import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, isApiError } from '../../shared/api/client.ts';
import { addThing, thingsQueryKey } from './queries.ts';

/** Admins only (core spec §6): the server refuses everyone else too. */
export function AddThingForm() {
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { name: '' },
    validate: { name: (value) => (value.trim() ? null : 'A name is required') },
  });
  const mutation = useMutation({
    mutationFn: (name: string) => addThing(name),
    onSuccess: () => {
      form.reset();
      return queryClient.invalidateQueries({ queryKey: thingsQueryKey });
    },
    onError: (error) => {
      if (isApiError(error) && error.status >= 400 && error.status < 500) {
        form.setFieldError('name', error.fields.name ?? errorMessage(error));
      }
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => mutation.mutate(values.name.trim()))} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput label="New thing" placeholder="Name" style={{ flex: 1 }} {...form.getInputProps('name')} />
        <Button type="submit" mt={25} loading={mutation.isPending}>
          Add
        </Button>
      </Group>
    </form>
  );
}
