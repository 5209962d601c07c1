import type { LoginReply, Me } from '@console/contracts';
import { Paper, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { meQueryKey } from '../queries.ts';
import { afterLoginPath } from '../redirects.ts';
import { CodeForm } from './CodeForm.tsx';
import { CredentialsForm } from './CredentialsForm.tsx';
import { SsoButton } from './SsoButton.tsx';

type Step = { kind: 'credentials' } | { kind: 'code'; attemptId: string; message: string | undefined };

/** Sign-in in two steps: credentials, then the e-mailed one-time code when the server demands it. */
export function LoginPage({ redirectTo, ssoError }: { redirectTo: string | undefined; ssoError?: string }) {
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signedIn = (user: Me) => {
    queryClient.setQueryData(meQueryKey, user);
    void navigate({ href: afterLoginPath(user, redirectTo), replace: true });
  };

  /** Returns an error text when the reply is neither a user nor a code demand. */
  const onReply = (reply: LoginReply): string | null => {
    if (reply.user) {
      signedIn(reply.user);
      return null;
    }
    // The code belongs to this sign-in attempt (issue 29): its id, not the staff id, goes back with it.
    if (reply.requiresOneTimeCode && reply.attemptId) {
      setStep({ kind: 'code', attemptId: reply.attemptId, message: reply.message });
      return null;
    }
    return 'error after success';
  };

  return (
    <Stack align="center" pt="xl">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400}>
        <Stack gap="md">
          <Title order={1}>Sign in</Title>
          {step.kind === 'credentials' ? (
            <>
              <CredentialsForm onReply={onReply} />
              <SsoButton error={ssoError} />
            </>
          ) : (
            <CodeForm
              attemptId={step.attemptId}
              message={step.message}
              onReply={onReply}
              onBack={() => setStep({ kind: 'credentials' })}
            />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
