import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { SUBSCRIPTION_MESSAGES } from '@contracts/subscriptions';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';

/** Product §2 checkout: the screen shown when the payment could not be set up. */
export function SetupError({ message, offerPlanPage }: { message: string; offerPlanPage: boolean }) {
  return (
    <Card className="mx-auto max-w-lg p-8 text-center">
      <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-destructive" />
      <h2 className="mt-4 text-2xl font-bold tracking-tight">{SUBSCRIPTION_MESSAGES.setupErrorTitle}</h2>
      <p className="mt-2 text-muted-foreground">{message}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        {offerPlanPage ? (
          <Button asChild>
            <Link to={paths.subscribe}>Manage Your Plan</Link>
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to={paths.home}>Back to Home</Link>
        </Button>
      </div>
    </Card>
  );
}
