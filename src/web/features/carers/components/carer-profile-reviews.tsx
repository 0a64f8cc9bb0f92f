import { MessageSquareText } from 'lucide-react';
import { StarRating } from '@web/components/star-rating';
import { Alert } from '@web/components/ui/alert';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { formatLongDateGB } from '@web/lib/format';
import { useCarerReviews } from '../api/reviews';

/** The carer's reviews, newest first, each with stars, an en-GB date, the comment and its author. */
export function CarerProfileReviews({ carerId }: { carerId: string }) {
  const reviews = useCarerReviews(carerId);

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
            <div className="flex flex-wrap items-center justify-between gap-2">
              <StarRating rating={review.rating} />
              <time dateTime={review.createdAt} className="text-sm text-muted-foreground">
                {formatLongDateGB(review.createdAt)}
              </time>
            </div>
            <p className="text-foreground">{review.comment}</p>
            <p className="text-sm font-medium text-muted-foreground">{review.authorName}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
