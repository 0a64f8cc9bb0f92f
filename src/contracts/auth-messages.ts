// No zod here: the email-confirmation banner on every page imports these, and the entry chunk
// stays free of zod (docs/performance.md, initial JavaScript).

/** The answer to what needs a confirmed address (ERROR_MESSAGES.emailNotConfirmed), and the banner's text. */
export const EMAIL_NOT_CONFIRMED =
  'Please confirm your email address first. We sent you a link; you can send a new one from your account.';

export const EMAIL_VERIFICATION_MESSAGES = {
  /** The one answer to every registration that passed validation, new address or taken. */
  registrationAccepted:
    'Check your email. We sent a link to confirm your address; open it to finish creating your account.',
  linkInvalid:
    'This confirmation link has expired or has already been used. Sign in and send a new one from your account.',
  confirmed: 'Email address confirmed',
  alreadyConfirmed: 'Your email address is already confirmed.',
  resent: 'We sent a new confirmation link. Check your email.',
  tooManyResends: 'Too many confirmation emails asked for. Please wait an hour and try again.',
} as const;
