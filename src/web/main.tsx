// First: configures Zod before any schema parses (see the module).
import '@web/lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@web/app/providers';
import { AppRouter } from '@web/app/router';
import { currentUserQueryOptions } from '@web/lib/auth';
import { queryClient } from '@web/lib/query-client';
import { registerServiceWorker } from '@web/lib/service-worker';
// Inter, self-hosted: the variable weights, each script's subset only when a
// page uses its characters, shown with font-display: swap. The Latin file is preloaded
// (src/server/platform/page-preloads.ts).
import '@fontsource-variable/inter/wght.css';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to render into.');

// Every page waits for the sign-in check (the router): it is asked for now, while React builds the
// first screen, rather than from that screen's effects. The answer is already on its way (the
// server's preload, src/server/platform/page-preloads.ts); the app's own request is the same one.
void queryClient.prefetchQuery(currentUserQueryOptions());

const root = createRoot(container);
// A transition lets React yield to the browser every few milliseconds while it builds the first
// screen, instead of one long task that blocks input on slow phones (Total Blocking Time).
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
});

registerServiceWorker();
