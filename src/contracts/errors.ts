import { z } from 'zod';

/** Every error answer of the API has this body; the web shows `message` to the person. */
export const ErrorBody = z.object({
  message: z.string(),
  /** Present on 400s caused by a request body: one entry per field that failed. */
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export { ERROR_MESSAGES, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from './error-messages';
