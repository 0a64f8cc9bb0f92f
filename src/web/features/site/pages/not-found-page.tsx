import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { Button } from '@web/components/ui/button';
import { usePageTitle } from '@web/lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">404 Page Not Found</h1>
      <p className="mt-4 text-muted-foreground">Did you forget to add the page to the router?</p>
      <Button asChild variant="outline" className="mt-8">
        <Link to={paths.home}>Back to Home</Link>
      </Button>
    </div>
  );
}
