import { MessageSquareQuote, RotateCw } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { useCarerReviews } from '../api/reviews';
import { DashboardEmptyState } from '@web/components/dashboard-empty-state';
import { ReviewItem } from './review-item';

/** The Reviews tab: newest first, each with stars, an en-GB date, the comment and its author. */
export function DashboardReviews({ carerId }: { carerId: string }) {
  const reviews = useCarerReviews(carerId);

  if (reviews.isPending) {
    return (
      <div role="status" className="grid gap-4">
        <span className="sr-only">Loading reviews</span>
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  }

  if (reviews.isError) {
    return (
      <Alert variant="destructive" role="alert" className="flex-col sm:flex-row sm:items-center">
        <p className="flex-1">
          {errorMessage(reviews.error, 'We could not load your reviews. Please try again.')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void reviews.refetch()}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    );
  }

  if (reviews.data.length === 0) {
    return (
      <DashboardEmptyState icon={MessageSquareQuote} title="No Reviews Yet">
        <p>Reviews from the families you care for will appear here.</p>
      </DashboardEmptyState>
    );
  }

  return (
    <section aria-labelledby="dashboard-reviews-heading" className="grid gap-4">
      <h2 id="dashboard-reviews-heading" className="text-lg font-semibold">
        Reviews from families ({reviews.data.length})
      </h2>
      <ul className="grid gap-4">
        {reviews.data.map((review) => (
          <li key={review.id} className="grid gap-2 rounded-lg border border-border bg-card p-4 shadow-sm">
            <ReviewItem review={review} />
          </li>
        ))}
      </ul>
    </section>
  );
}
