import { Link } from 'react-router';
import { paths } from '@contracts/paths';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';

/** Plans are for families; a carer's £29 membership lives on their dashboard. */
export function CarerPlansNote({ headingLevel }: { headingLevel: 1 | 2 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Card className="mx-auto max-w-md p-8 text-center">
      <Heading className="text-2xl font-bold tracking-tight">Plans are for families</Heading>
      <p className="mt-2 text-muted-foreground">
        Your account is a carer account. Your membership and its payments are on your dashboard.
      </p>
      <Button asChild size="lg" className="mt-6">
        <Link to={paths.carerDashboard}>Go to Carer Dashboard</Link>
      </Button>
    </Card>
  );
}
