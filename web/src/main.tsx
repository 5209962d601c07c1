import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRouter } from './router.tsx';
import { closeEarly } from './shared/api/early.ts';

const router = createAppRouter();
// The early-start script's requests serve the first screen only (shared/api/early.ts).
const stopEarly = router.subscribe('onResolved', () => {
  stopEarly();
  closeEarly();
});
// The first screen's code starts loading now, beside the session check: the router asks for a
// route's code only once routes/_auth.tsx's beforeLoad (the session check) is answered.
for (const route of router.getMatchedRoutes(window.location.pathname)[0])
  void router.loadRouteChunk(route)?.catch(() => undefined);
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
