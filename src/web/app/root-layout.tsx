import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SiteHeader } from '@web/components/site-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { useAuth } from '@web/lib/auth';

export function RootLayout() {
  const { user, isLoading } = useAuth();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200]"
      >
        Skip to main content
      </a>
      <SiteHeader user={user} isLoading={isLoading} />
      {/* tabIndex lets the skip link move focus here, not only scroll. */}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {/* SPEC 2: the route table depends on who is signed in, so nothing routes until that is known. */}
        {isLoading ? (
          <PageSpinner />
        ) : (
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        )}
      </main>
    </div>
  );
}
