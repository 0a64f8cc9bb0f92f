import { Lightbulb } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';

const TIPS = [
  'Type your postcode or town, for example LS6 3AB or Leeds, and choose how far carers may travel.',
  'Under Filters, choose When: the days and time of day, to see carers who are usually free then.',
  'Choose a care type to see carers who specialise in it.',
  'Look for the Verified badge: our team has checked that carer’s documents.',
  'Open a profile to read every review from other families.',
  'Contact a few carers and compare their rates and availability.',
] as const;

export function SearchQuickTips() {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle asChild className="flex items-center gap-2 text-lg">
          <h2>
            <Lightbulb aria-hidden="true" className="size-5 text-primary" />
            Quick Tips
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="list-disc space-y-2 pl-5 text-sm text-muted-foreground">
          {TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
