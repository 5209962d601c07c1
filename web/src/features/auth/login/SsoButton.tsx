import type { SsoConfig } from '@console/contracts';
import { Alert, Button, Divider } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client.ts';

/**
 * Single sign-on (analytics spec §2): a plain browser redirect to /auth/{provider}, shown only when
 * the gateway has a provider configured; `error` is what the callback sent back.
 */
export function SsoButton({ error }: { error: string | undefined }) {
  const { data } = useQuery({
    queryKey: ['auth', 'sso'],
    queryFn: ({ signal }) => apiRequest<SsoConfig>('/auth/sso', { signal, sessionGuard: false }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return (
    <>
      {error && (
        <Alert color="red" title="Sign-on failed">
          {error}
        </Alert>
      )}
      {data?.provider && (
        <>
          <Divider label="or" labelPosition="center" />
          <Button component="a" href={`/auth/${data.provider}`} variant="default">
            {data.label}
          </Button>
        </>
      )}
    </>
  );
}
