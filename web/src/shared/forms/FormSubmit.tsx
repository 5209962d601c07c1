import { Alert, Button } from '@mantine/core';

/**
 * A form's last lines: what the last submit said (an error as an alert, a success as a status)
 * and the submit button, busy while the request runs.
 */
export function FormSubmit({
  label,
  loading,
  error,
  done,
}: {
  label: string;
  loading: boolean;
  error?: string | null;
  done?: string | null;
}) {
  return (
    <>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {done && (
        <Alert color="teal" variant="light" role="status">
          {done}
        </Alert>
      )}
      <Button type="submit" loading={loading}>
        {label}
      </Button>
    </>
  );
}
