// The settings page (product.md, difference 7), forgotten passwords, data export and account
// deletion (decisions 0010 and 0011). Two-factor sign-in is in auth-two-factor.ts.
import { z } from 'zod';
import { AUTH_MESSAGES, NewPassword } from './auth';
import { PERSON_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './limits';
import { oneLine } from './text';

/** A password reset link works this long, once. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** A link confirming a new email address works this long, once. */
export const EMAIL_CHANGE_TTL_MINUTES = 24 * 60;
/** Reset emails one address (and one network address) may ask for per hour. */
export const PASSWORD_RESET_MAX_PER_HOUR = 5;
/** The word typed to confirm an account's deletion. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** The settings page's section menu: one link per section, the one in view marked. */
export const SETTINGS_MENU_TEXTS = {
  label: 'Settings sections',
} as const;

export const SETTINGS_MESSAGES = {
  // Profile
  profileSavedTitle: 'Profile Updated',
  profileSavedBody: 'Your name has been saved.',
  photoSavedBody: 'Your photo has been updated.',
  // Search place
  searchPlaceSavedTitle: 'Search Place Saved',
  searchPlaceSavedBody: (place: string) => `Carer search will start near ${place}.`,
  searchPlaceClearedBody: 'Carer search will no longer start from a saved place.',
  searchPlaceTooLong: 'A place can be at most 100 characters',
  onlyCustomersSearchPlace: 'Only customer accounts can save a search place.',
  // Email change
  currentPasswordRequired: 'Enter your current password',
  currentPasswordWrong: 'Your current password is not right.',
  sameEmail: 'This is already your email address.',
  emailChangeSentTitle: 'Check Your Inbox',
  emailChangeSentBody: (email: string) =>
    `We have sent a link to ${email}. Your email changes when you open it.`,
  emailChangeLinkInvalid: 'This link has expired or has already been used. Ask for a new one from Settings.',
  emailChangedTitle: 'Email Changed',
  emailChangedBody: 'Your account now uses your new email address.',
  // Password change
  passwordsDiffer: 'The new password must be different from the current one.',
  passwordChangedTitle: 'Password Changed',
  passwordChangedBody: 'Your password has been changed and every other session has been signed out.',
  // Sessions
  sessionNotFound: 'That session has already ended.',
  sessionEndedTitle: 'Signed Out',
  sessionEndedBody: 'That session has been signed out.',
  othersEndedBody: 'Every other session has been signed out.',
  thisDevice: 'This device',
  // Forgotten password
  resetRequestedTitle: 'Check Your Inbox',
  /** The same answer whether or not the email has an account. */
  resetRequestedBody:
    'If an account uses that email address, we have sent it a link to choose a new password. The link works for one hour.',
  tooManyResetRequests: 'Too many reset requests. Please wait an hour and try again.',
  resetLinkInvalid: 'This reset link has expired or has already been used. Ask for a new one.',
  passwordResetTitle: 'Password Reset',
  passwordResetBody: 'Your password has been changed. You can sign in with it now.',
  // Data export
  exportFailed: 'Failed to prepare your data. Please try again.',
  // Account deletion
  deleteConfirmationWrong: `Type ${DELETE_CONFIRMATION_WORD} to confirm`,
  accountDeletedTitle: 'Account Deleted',
  accountDeletedBody: 'Your account and your personal data have been deleted.',
  adminCannotSelfDelete: 'Admin accounts are removed by another admin.',
  errorTitle: 'Error',
} as const;

const personName = (requiredMessage: string) =>
  oneLine(
    z
      .string({ error: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(PERSON_NAME_MAX_LENGTH, `Names can be at most ${PERSON_NAME_MAX_LENGTH} characters`),
  );

const email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

const currentPassword = z
  .string({ error: SETTINGS_MESSAGES.currentPasswordRequired })
  .min(1, SETTINGS_MESSAGES.currentPasswordRequired)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

/** PUT /api/settings/profile. The photo goes to POST /api/settings/photo (multipart `photo`). */
export const ProfileUpdateInput = z.object({
  firstName: personName(AUTH_MESSAGES.firstNameRequired),
  lastName: personName(AUTH_MESSAGES.lastNameRequired),
});
export type ProfileUpdateInput = z.infer<typeof ProfileUpdateInput>;

/**
 * GET and PUT /api/settings/search-place (customers only): the postcode or town the carer search
 * starts from. An empty value clears it; a place the geocoder does not know is a 400 on
 * `searchPlace` with SEARCH_MESSAGES.near. Private: never shown to anyone else.
 */
export const SearchPlaceInput = z.object({
  searchPlace: oneLine(z.string().trim().max(100, SETTINGS_MESSAGES.searchPlaceTooLong))
    .nullable()
    .transform((value) => (value ? value : null)),
});
export type SearchPlaceInput = z.infer<typeof SearchPlaceInput>;
export const SearchPlace = z.object({
  /** As saved: a postcode normalised ('LS6 3AB'), a town as typed. */
  searchPlace: z.string().nullable(),
});
export type SearchPlace = z.infer<typeof SearchPlace>;

/** POST /api/settings/email: emails a confirmation link to the new address (202 EmailChangePending). */
export const EmailChangeInput = z.object({ newEmail: email, currentPassword });
export type EmailChangeInput = z.infer<typeof EmailChangeInput>;
export const EmailChangePending = z.object({ pendingEmail: z.string() });
export type EmailChangePending = z.infer<typeof EmailChangePending>;

/** POST /api/settings/email/confirm: the token from the link (the page /confirm-email?token=…). */
export const TokenInput = z.object({ token: z.string().trim().min(1).max(200) });
export type TokenInput = z.infer<typeof TokenInput>;

/** POST /api/settings/password: other sessions end, this one stays. */
export const PasswordChangeInput = z
  .object({ currentPassword, newPassword: NewPassword })
  .refine((input) => input.currentPassword !== input.newPassword, {
    message: SETTINGS_MESSAGES.passwordsDiffer,
    path: ['newPassword'],
  });
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>;

/** GET /api/settings/sessions: the account's live sessions, the current one first. */
export const ActiveSession = z.object({
  /** An opaque handle for DELETE /api/settings/sessions/{id} (never the cookie or its hash). */
  id: z.string(),
  /** 'Chrome on Windows', from the user agent; 'Unknown device' when there is none. */
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof ActiveSession>;
// POST /api/settings/sessions/sign-out-others ends every session but this one.

/** POST /api/auth/forgot-password: always 202 with resetRequestedBody. */
export const ForgotPasswordInput = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

/** POST /api/auth/reset-password: the token from the link (/reset-password?token=…) and the new password. */
export const ResetPasswordInput = z.object({
  token: z.string().trim().min(1, SETTINGS_MESSAGES.resetLinkInvalid).max(200),
  newPassword: NewPassword,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;

/** DELETE /api/settings/account (POST /api/settings/export answers the data export's ZIP). */
export const DeleteAccountInput = z.object({
  password: currentPassword,
  confirmation: z
    .string({ error: SETTINGS_MESSAGES.deleteConfirmationWrong })
    .refine((value) => value === DELETE_CONFIRMATION_WORD, SETTINGS_MESSAGES.deleteConfirmationWrong),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

/**
 * GET /api/settings/account/deletion: what deleting the account would do to the person's care
 * arrangements, for the delete dialog to say before they confirm.
 */
export const AccountDeletionPreview = z.object({
  /** Accepted arrangements: they end today, their visits to come are cancelled. */
  activeArrangements: z.number().int().nonnegative(),
  /** Proposals still waiting for an answer: they are withdrawn. */
  proposedArrangements: z.number().int().nonnegative(),
  /** The other people of those arrangements, as the person sees them ('Margaret O.'), each once. */
  partnerNames: z.array(z.string()),
});
export type AccountDeletionPreview = z.infer<typeof AccountDeletionPreview>;

/** 'Margaret O.', 'Margaret O. and Sam T.', 'A, B and C'. */
const listed = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');

/**
 * What the delete dialog says about care arrangements: 'Your 2 active care arrangements will end
 * today and Margaret O. will be told.' Null when there are none in progress.
 */
export function deletionArrangementWords(preview: AccountDeletionPreview): string | null {
  const { activeArrangements: active, proposedArrangements: proposed, partnerNames } = preview;
  if (active === 0 && proposed === 0) return null;
  const clauses: string[] = [];
  if (active > 0) {
    clauses.push(
      active === 1
        ? 'your active care arrangement will end today'
        : `your ${active} active care arrangements will end today`,
      `${active === 1 ? 'its' : 'their'} visits to come will be cancelled`,
    );
  }
  if (proposed > 0) {
    clauses.push(
      proposed === 1
        ? 'your care arrangement proposal will be withdrawn'
        : `your ${proposed} care arrangement proposals will be withdrawn`,
    );
  }
  if (partnerNames.length > 0) clauses.push(`${listed(partnerNames)} will be told`);
  const sentence = listed(clauses);
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/** Answers of the data export and account deletion routes that belong to no form field. */
export const PRIVACY_MESSAGES = {
  providerUnavailable:
    'We could not cancel your subscription with the payment provider, so nothing has been deleted. Please try again in a few minutes.',
  tooManyExports: 'You have downloaded your data several times this hour. Please wait an hour and try again.',
  noPasswordToConfirm:
    'This account signs in without a password, so it cannot confirm a deletion here. Please contact support.',
} as const;
