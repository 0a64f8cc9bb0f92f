import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '@contracts/paths';
import { usePageTitle } from '@web/lib/use-page-title';

/** Shown when a page fails to render or its code cannot be loaded (say, after a new release). */
export function RouteError() {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="mt-4 text-muted-foreground">
        {status ? `The page could not be shown (error ${status}).` : 'The page could not be shown.'} Please
        reload the page or go back to the home page.
      </p>
      {/* A full reload fetches the newest code, which is what usually fixes this. */}
      <a
        href={paths.home}
        className="mt-8 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:bg-primary-hover"
      >
        Go to the home page
      </a>
    </main>
  );
}
