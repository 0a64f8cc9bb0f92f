import { Star } from 'lucide-react';
import { RATING_MAX } from '@contracts/limits';
import { formatRating } from '@web/lib/format';
import { cn } from '@web/lib/utils';

/**
 * Stars filled up to the whole-number part of the rating, out of 5 (SPEC section 2). The stars are
 * decorative; screen readers hear "Rated 4.8 out of 5".
 */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const filled = Math.max(0, Math.min(RATING_MAX, Math.floor(rating)));
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)}>
      <span className="sr-only">{`Rated ${formatRating(rating)} out of ${RATING_MAX}`}</span>
      {Array.from({ length: RATING_MAX }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={cn(
            'size-4',
            index < filled ? 'fill-amber-400 text-amber-500' : 'text-muted-foreground/40',
          )}
        />
      ))}
    </span>
  );
}
