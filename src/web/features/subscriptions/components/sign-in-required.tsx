import { LogIn } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { registerPath, signInPath } from '@contracts/paths';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';

/**
 * Product §2: 'Sign In Required' instead of any subscription call while signed out; a new family
 * registers instead, and either way comes back to this checkout (the plan they chose).
 */
export function SignInRequired({ headingLevel }: { headingLevel: 1 | 2 }) {
  const Heading = `h${headingLevel}` as const;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <LogIn aria-hidden="true" className="mx-auto size-10 text-primary" />
      <Heading className="mt-4 text-2xl font-bold tracking-tight">Sign In Required</Heading>
      <p className="mt-2 text-muted-foreground">Please sign in to access subscription options.</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        {/* A full-page navigation: signing in is the server's job (product §2, Routes). */}
        <Button asChild size="lg">
          <a href={signInPath(here)}>Sign In</a>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={registerPath('customer', here)}>Create an account</Link>
        </Button>
      </div>
    </Card>
  );
}
