import { Star } from 'lucide-react';
import { RATING_MAX } from '@contracts/limits';
import {
  formatRating,
  NEW_CARER_LABEL,
  ratingSummaryLabel,
  reviewCountText,
  starFills,
} from '@web/lib/format';
import { cn } from '@web/lib/utils';

const EMPTY_STAR = 'text-muted-foreground/40';
const FULL_STAR = 'fill-amber-400 text-amber-500';

/**
 * Five stars filled to the rating shown (one decimal): 4.8 fills four stars and eight tenths of
 * the fifth. The stars are decorative; screen readers hear the label, by
 * default "Rated 4.8 out of 5".
 */
export function StarRating({
  rating,
  label,
  className,
}: {
  rating: number;
  /** What a screen reader hears instead of "Rated 4.8 out of 5"; null when a label sits beside it. */
  label?: string | null;
  className?: string;
}) {
  const spoken = label === undefined ? `Rated ${formatRating(rating)} out of ${RATING_MAX}` : label;
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)}>
      {spoken ? <span className="sr-only">{spoken}</span> : null}
      {starFills(rating).map((fill, index) => (
        <span
          key={index}
          aria-hidden="true"
          className="relative inline-flex size-4 shrink-0"
          data-star-fill={fill}
        >
          <Star className={cn('size-4', fill === 1 ? FULL_STAR : EMPTY_STAR)} />
          {fill > 0 && fill < 1 ? (
            // The filled part: the same star, cut to the fraction's width from the left.
            <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
              <Star className={cn('size-4 max-w-none', FULL_STAR)} />
            </span>
          ) : null}
        </span>
      ))}
    </span>
  );
}

/**
 * A carer's rating wherever it is shown: the stars, the number and the review count, heard as
 * "Rated 4.8 out of 5 from 12 reviews"; "New" for a carer nobody has reviewed yet.
 */
export function RatingSummary({
  rating,
  reviewCount,
  className,
  testId,
}: {
  rating: number;
  reviewCount: number;
  className?: string;
  testId?: string;
}) {
  if (reviewCount <= 0) {
    return (
      <p className={cn('flex items-center text-sm', className)} data-testid={testId} data-rating="new">
        <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold text-secondary-foreground">
          <Star aria-hidden="true" className="size-3.5" />
          <span>{NEW_CARER_LABEL}</span>
          <span className="sr-only">{' carer, no reviews yet'}</span>
        </span>
      </p>
    );
  }
  return (
    <p
      className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-sm', className)}
      data-testid={testId}
      data-rating={formatRating(rating)}
    >
      <span className="sr-only">{ratingSummaryLabel(rating, reviewCount)}</span>
      <StarRating rating={rating} label={null} />
      <span aria-hidden="true" className="font-semibold text-foreground">
        {formatRating(rating)}
      </span>
      <span aria-hidden="true" className="text-muted-foreground">
        {reviewCountText(reviewCount)}
      </span>
    </p>
  );
}
