import { Flag, MessageSquareText } from 'lucide-react';
import type { CarerReview } from '@contracts/carers';
import { ReportDialog } from '@web/features/reports';
import { Button } from '@web/components/ui/button';
import { Alert } from '@web/components/ui/alert';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { useAuth } from '@web/lib/auth';
import { useCarerReviews } from '../api/reviews';
import { ReviewItem } from './review-item';
import { endpoints } from '@contracts/endpoints';

/** The carer's reviews, newest first, each with stars, an en-GB date, the comment and its author. */
export function CarerProfileReviews({ carerId }: { carerId: string }) {
  const reviews = useCarerReviews(carerId);
  const signedIn = useAuth().isAuthenticated;

  if (reviews.isPending) {
    return (
      <div className="space-y-4" aria-hidden="true">
        {Array.from({ length: 2 }, (_, index) => (
          <div key={index} className="space-y-2 border-b border-border pb-4">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ))}
      </div>
    );
  }

  if (reviews.isError) {
    return (
      <Alert variant="destructive" role="alert">
        {errorMessage(reviews.error, 'We could not load the reviews. Please try again later.')}
      </Alert>
    );
  }

  if (reviews.data.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-md border border-dashed border-border px-4 py-8 text-center">
        <MessageSquareText aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="mt-3 font-semibold">No Reviews Yet</p>
        <p className="text-sm text-muted-foreground">This carer has not been reviewed by a family yet.</p>
      </div>
    );
  }

  return (
    <ul className="divide-y divide-border" aria-label="Reviews">
      {reviews.data.map((review) => (
        <li key={review.id} className="py-4 first:pt-0 last:pb-0">
          <article className="space-y-2">
            <ReviewItem
              review={review}
              action={signedIn ? <ReportReviewButton review={review} /> : undefined}
            />
          </article>
        </li>
      ))}
    </ul>
  );
}

/** Any signed-in person may report a review to the admins. */
function ReportReviewButton({ review }: { review: CarerReview }) {
  return (
    <ReportDialog
      endpoint={endpoints.reports.postReviewsByIdReport}
      subjectId={review.id}
      title="Report this review"
      description={`Tell our team what is wrong with the review by ${review.authorName}.`}
      trigger={
        <Button variant="ghost" size="sm" aria-label={`Report review by ${review.authorName}`}>
          <Flag aria-hidden="true" />
          Report
        </Button>
      }
    />
  );
}
