// No zod here: the web's entry chunk imports these (the email-confirmation banner), and stays
// free of zod (docs/performance.md, initial JavaScript).
import { EMAIL_NOT_CONFIRMED } from './auth-messages';
import { STEP_UP_FRESH_SIGN_IN_MINUTES } from './limits';

export const ERROR_MESSAGES = {
  unauthorized: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do that.',
  notFound: 'Not found.',
  crossSite: 'Cross-site requests are not allowed.',
  invalidCredentials: 'Incorrect email or password.',
  /** Sign-in of an account an admin suspended (safeguarding); told only after the right password. */
  accountSuspended: 'This account has been suspended. Contact support.',
  tooManyLoginAttempts: 'Too many failed sign-in attempts. Please wait and try again later.',
  /** Step-up for an account without a password whose sign-in is not recent (decision 0017). */
  signInAgainToChange: `For your security, please sign out and sign in again, then make this change within ${STEP_UP_FRESH_SIGN_IN_MINUTES} minutes.`,
  /**
   * Messaging, reviews, payments and verification before the account proved its address
   * (decision 0019; product.md, difference 10).
   */
  emailNotConfirmed: EMAIL_NOT_CONFIRMED,
  emailTaken: 'An account with this email already exists. Try signing in instead.',
  /** Registration from one network over REGISTRATIONS_PER_HOUR (production). */
  tooManyRegistrations: 'Too many accounts have been created from your network. Please try again in an hour.',
  internal: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  invalidJson: 'The request body is not valid JSON.',
  /** PostgreSQL cannot store U+0000 in text: refused wherever it appears. */
  nulCharacter: 'Text cannot contain the NUL character (U+0000).',
  payloadTooLarge: 'The request is too large.',
  /** A repeat of a creating action whose first request is still being answered (decision 0033). */
  alreadySent:
    'This was already sent and is still being processed. Please wait a moment, then check before sending it again.',
  /** An Idempotency-Key used before for a different request (decision 0033). */
  idempotencyKeyReused:
    'This request reuses the key of a different request. Send a new Idempotency-Key for a new action.',
  idempotencyKeyInvalid:
    'The Idempotency-Key header must be 8 to 100 letters, digits, dashes or underscores.',
} as const;

/**
 * The header a client sends with a creating request, one fresh value per action of the person
 * (a retry or a double submit of the same action sends the same one): decision 0033.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer given again from the first request of the same action. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
