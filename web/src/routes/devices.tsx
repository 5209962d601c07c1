import { createFileRoute } from '@tanstack/react-router';
import { NotAvailable } from '../features/shell/NotAvailable.tsx';

/** The device list needs no login (core spec §2); its tools come later. */
export const Route = createFileRoute('/devices')({
  component: () => <NotAvailable label="Devices" />,
});
