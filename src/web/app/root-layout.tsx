import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { EmailConfirmationBanner } from '@web/components/email-confirmation';
import { SiteFooter } from '@web/components/site-footer';
import { SiteHeader } from '@web/components/site-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth';
import { useWaitingUpdate } from '@web/lib/service-worker';
import { useLiveEvents } from '@web/features/messaging/api/live-events';
import { ScrollPositions } from './scroll-positions';

// Its code loads only once a new version waits: most visits never need it.
const UpdateNotice = lazy(() =>
  import('@web/components/update-notice').then((module) => ({ default: module.UpdateNotice })),
);

function Main({ children }: { children: ReactNode }) {
  return (
    // tabIndex lets the skip link move focus here, not only scroll.
    <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
      {children}
    </main>
  );
}

export function RootLayout() {
  const { user, isLoading } = useAuth();
  // One live stream per tab for people who have conversations (admins have none).
  useLiveEvents(user !== null && user.role !== 'admin');
  // The first page is drawn as a transition once sign-in is known: React can then split that
  // render into short slices instead of one long task that blocks input (and Lighthouse's TBT).
  const pageWaits = useDeferredValue(isLoading);
  const updateWaits = useWaitingUpdate() !== null;
  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollPositions />
      {updateWaits ? (
        <Suspense fallback={null}>
          <UpdateNotice />
        </Suspense>
      ) : null}
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200]"
      >
        Skip to main content
      </a>
      {/* A printed page (an arrangement's summary) is the page alone. */}
      <div className="contents print:hidden">
        <SiteHeader user={user} isLoading={isLoading} />
        <EmailConfirmationBanner user={user} />
      </div>
      {/* Product §2: the route table depends on who is signed in, so nothing routes until that is known. */}
      {pageWaits ? (
        <Main>
          <PageSpinner />
        </Main>
      ) : (
        <Suspense
          fallback={
            <Main>
              <PageSpinner />
            </Main>
          }
        >
          <Main>
            <Outlet />
          </Main>
          {/* The footer arrives with the page: under a spinner it would jump down once the page
              loads, a layout shift that costs the Lighthouse score. */}
          <div className="contents print:hidden">
            <SiteFooter />
          </div>
        </Suspense>
      )}
    </div>
  );
}
