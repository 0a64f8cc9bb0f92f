import { z } from 'zod';
import { multiLine } from './text';
import { formatCount } from './limits';

export const REVIEW_COMMENT_MIN_LENGTH = 10;
export const REVIEW_COMMENT_MAX_LENGTH = 1000;

export const REVIEW_MESSAGES = {
  rating: 'Choose a rating from 1 to 5 stars.',
  commentTooShort: `Please write at least ${REVIEW_COMMENT_MIN_LENGTH} characters.`,
  commentTooLong: `Reviews can be at most ${formatCount(REVIEW_COMMENT_MAX_LENGTH)} characters.`,
  onlyCustomers: 'Only family accounts can review carers.',
  notEligible: 'You can review a carer once they have replied to one of your messages.',
  carerSuspended: 'This carer’s account is not active at the moment, so reviews of them are paused.',
  savedTitle: 'Review Saved',
  savedDescription: 'Thank you: your review is now on the carer’s profile.',
  failedTitle: 'Error',
  failedFallback: 'Failed to save your review.',
} as const;

/** PUT /api/carers/{id}/reviews/mine: writes the viewer's one review of this carer, or changes it. */
export const ReviewInput = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(1, REVIEW_MESSAGES.rating)
    .max(5, REVIEW_MESSAGES.rating),
  comment: multiLine(z.string({ error: REVIEW_MESSAGES.commentTooShort }))
    .trim()
    .min(REVIEW_COMMENT_MIN_LENGTH, REVIEW_MESSAGES.commentTooShort)
    .max(REVIEW_COMMENT_MAX_LENGTH, REVIEW_MESSAGES.commentTooLong),
});
export type ReviewInput = z.infer<typeof ReviewInput>;

/** The viewer's own review, as stored. */
export const MyReview = z.object({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MyReview = z.infer<typeof MyReview>;

/**
 * GET /api/carers/{id}/reviews/mine: whether the viewer may review this carer (a customer whose
 * conversation with them has a reply from the carer) and their review if they wrote one.
 */
export const MyReviewState = z.object({
  eligible: z.boolean(),
  review: MyReview.nullable(),
});
export type MyReviewState = z.infer<typeof MyReviewState>;

/** PUT answers with the saved review and the carer's new figures. */
export const SavedReview = z.object({
  review: MyReview,
  carer: z.object({ rating: z.string(), reviewCount: z.number().int().min(0) }),
});
export type SavedReview = z.infer<typeof SavedReview>;
