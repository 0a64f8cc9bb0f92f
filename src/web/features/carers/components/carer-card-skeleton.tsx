import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import { Skeleton } from '@web/components/ui/skeleton';
import { ContactAreaSkeleton } from './contact-area';

/** Mirrors CarerCard's rows and spacing so the grid keeps its size when results arrive. */
export function CarerCardSkeleton({ className }: { className?: string | undefined }) {
  return (
    <Card
      aria-hidden="true"
      className={cn('flex h-full w-full flex-col gap-4 p-5 sm:p-6', className)}
      data-testid="carer-card-skeleton"
    >
      <div className="flex items-start gap-4">
        <Skeleton className="size-14 shrink-0 rounded-full" />
        <div className="flex-1 space-y-2 pt-1">
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-4 w-2/5" />
        </div>
      </div>
      <Skeleton className="h-5 w-2/5" />
      <Skeleton className="h-14" />
      <div className="space-y-2">
        <Skeleton className="h-4" />
        <Skeleton className="h-4" />
        <Skeleton className="h-4 w-3/4" />
      </div>
      <div className="grid gap-2">
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-5 w-3/5" />
      </div>
      <div className="mt-auto pt-2">
        <ContactAreaSkeleton layout="line" />
      </div>
    </Card>
  );
}
