import type { ReactNode } from 'react';
import type { CarerReview } from '@contracts/carers';
import { StarRating } from '@web/components/star-rating';
import { formatLongDateGB } from '@web/lib/format';

/**
 * One review as every list shows it: stars, en-GB date, the comment and its author; `action` (a
 * Report button) goes beside the author.
 */
export function ReviewItem({ review, action }: { review: CarerReview; action?: ReactNode }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <StarRating rating={review.rating} />
        <time dateTime={review.createdAt} className="text-sm text-muted-foreground">
          {formatLongDateGB(review.createdAt)}
        </time>
      </div>
      <p className="text-sm leading-relaxed whitespace-pre-line">{review.comment}</p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{review.authorName}</p>
        {action}
      </div>
    </>
  );
}
