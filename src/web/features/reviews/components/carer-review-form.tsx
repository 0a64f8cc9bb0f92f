import { useId, useState, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import {
  REVIEW_COMMENT_MAX_LENGTH,
  REVIEW_COMMENT_MIN_LENGTH,
  REVIEW_MESSAGES,
  ReviewInput,
  type MyReview,
} from '@contracts/reviews';
import { StarRating } from '@web/components/star-rating';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, fieldErrors } from '@web/lib/api-client';
import { formatLongDateGB } from '@web/lib/format';
import { cn } from '@web/lib/utils';
import { useMyReview, useSaveReview } from '../api/my-review';
import { EmailConfirmationNotice, needsEmailConfirmation } from '@web/components/email-confirmation';
import { useAuth } from '@web/lib/auth';

const STARS = [1, 2, 3, 4, 5] as const;

type ReviewErrors = { rating?: string; comment?: string };

/** Five radio buttons drawn as stars: arrow keys move between them, each is named '3 stars'. */
function StarPicker({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (rating: number) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">Your rating</legend>
      <div className="flex items-center gap-1">
        {STARS.map((stars) => (
          <label
            key={stars}
            className="cursor-pointer rounded-md p-1 has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-ring"
          >
            <input
              type="radio"
              name={`${id}-rating`}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className="sr-only"
            />
            <Star
              aria-hidden="true"
              className={cn(
                'size-7',
                stars <= value ? 'fill-amber-400 text-amber-600' : 'text-muted-foreground',
              )}
            />
            <span className="sr-only">{stars === 1 ? '1 star' : `${stars} stars`}</span>
          </label>
        ))}
        <span className="ml-2 text-sm text-muted-foreground" aria-hidden="true">
          {value ? `${value} out of 5` : 'Not rated yet'}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ReviewForm({
  carerId,
  existing,
  onDone,
}: {
  carerId: string;
  existing: MyReview | null;
  onDone?: () => void;
}) {
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [errors, setErrors] = useState<ReviewErrors>({});
  const save = useSaveReview(carerId);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = ReviewInput.safeParse({ rating: rating || undefined, comment });
    if (!parsed.success) {
      const next: ReviewErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'rating' || field === 'comment') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => onDone?.(),
      onError: (error) => {
        const perField = fieldErrors(error);
        setErrors({ rating: perField.rating, comment: perField.comment });
        toast({
          title: REVIEW_MESSAGES.failedTitle,
          description: errorMessage(error, REVIEW_MESSAGES.failedFallback),
          variant: 'destructive',
        });
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-4" noValidate>
      <StarPicker value={rating} onChange={setRating} error={errors.rating} />
      <div className="grid gap-2">
        <Label htmlFor={id}>Your review</Label>
        <p id={hintId} className="text-sm text-muted-foreground">
          {`${REVIEW_COMMENT_MIN_LENGTH} to ${REVIEW_COMMENT_MAX_LENGTH.toLocaleString('en-GB')} characters. Other families will see it with your first name and initial.`}
        </p>
        <Textarea
          id={id}
          name="comment"
          rows={4}
          maxLength={REVIEW_COMMENT_MAX_LENGTH}
          value={comment}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={errors.comment ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => setComment(event.target.value)}
        />
        {errors.comment ? (
          <p id={errorId} className="text-sm font-medium text-destructive">
            {errors.comment}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onDone && existing ? (
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
        {/* aria-disabled, not disabled, so focus stays on the button while saving. */}
        <Button type="submit" aria-disabled={save.isPending || undefined}>
          {save.isPending ? (
            <>
              <Spinner />
              Saving...
            </>
          ) : (
            'Save Review'
          )}
        </Button>
      </div>
    </form>
  );
}

/**
 * On a carer's profile, for a signed-in customer: write or edit their one review of this carer,
 * or a line saying when they will be able to.
 */
export function MyReviewPanel({ carerId }: { carerId: string }) {
  const state = useMyReview(carerId, true);
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  const headingId = useId();

  if (state.isPending) return <Skeleton className="h-24" />;
  // The public reviews below still work; a failure here only hides the form.
  if (state.isError) return null;

  const { eligible, review } = state.data;
  if (!eligible && !review) {
    return (
      <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">
        {REVIEW_MESSAGES.notEligible}
      </p>
    );
  }

  if (review && !editing) {
    return (
      <section aria-labelledby={headingId} className="grid gap-2 rounded-md border border-border p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="font-semibold">
            Your review
          </h3>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit your review
          </Button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StarRating rating={review.rating} />
          <span className="text-sm text-muted-foreground">{formatLongDateGB(review.updatedAt)}</span>
        </div>
        <p className="text-sm whitespace-pre-line">{review.comment}</p>
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-md border border-border p-4">
      <h3 id={headingId} className="font-semibold">
        {review ? 'Edit your review' : 'Write a review'}
      </h3>
      {needsEmailConfirmation(user) ? (
        <EmailConfirmationNotice user={user} />
      ) : (
        <ReviewForm
          carerId={carerId}
          existing={review}
          onDone={review ? () => setEditing(false) : undefined}
        />
      )}
    </section>
  );
}
