import { LogIn } from 'lucide-react';
import { paths } from '@contracts/paths';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';

/** Product §2: 'Sign In Required' instead of any subscription call while signed out. */
export function SignInRequired({ headingLevel }: { headingLevel: 1 | 2 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <LogIn aria-hidden="true" className="mx-auto size-10 text-primary" />
      <Heading className="mt-4 text-2xl font-bold tracking-tight">Sign In Required</Heading>
      <p className="mt-2 text-muted-foreground">Please sign in to access subscription options.</p>
      {/* A full-page navigation: signing in is the server's job (product §2, Routes). */}
      <Button asChild size="lg" className="mt-6">
        <a href={paths.apiLogin}>Sign In</a>
      </Button>
    </Card>
  );
}
