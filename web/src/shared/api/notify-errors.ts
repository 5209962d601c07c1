import { notifications } from '@mantine/notifications';
import { isApiError } from './client.ts';

const titles: Record<number, string> = {
  0: 'No connection',
  503: 'Service unavailable',
  504: 'Service timed out',
};

/**
 * Services down (503), timeouts (504) and an unreachable server are announced once, in a
 * notification, whatever screen asked; form errors stay on their forms.
 */
export function notifyServiceFailure(error: unknown): void {
  if (!isApiError(error)) return;
  if (error.status !== 0 && error.status < 500) return;
  notifications.show({
    id: `service-failure-${error.status}-${error.message}`,
    color: 'red',
    title: titles[error.status] ?? 'Server error',
    message: error.message || 'A service did not answer. Try again in a moment.',
  });
}
