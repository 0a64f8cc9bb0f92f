import { z } from 'zod';
import { PERSON_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits';
import { SUBSCRIPTION_TYPES } from './pricing';
import { EMAIL_VERIFICATION_MESSAGES } from './auth-messages';
import { oneLine } from './text';

export const ROLES = ['customer', 'carer', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const USER_TYPES = ['customer', 'carer'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  userTypeRequired: 'Choose whether you are looking for care or offering care',
} as const;

const email = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.emailInvalid)
  .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid }));

const personName = (requiredMessage: string) =>
  oneLine(
    z
      .string({ error: requiredMessage })
      .trim()
      .min(1, requiredMessage)
      .max(PERSON_NAME_MAX_LENGTH, `Names can be at most ${PERSON_NAME_MAX_LENGTH} characters`),
  );

/** Strength beyond length (the common-password list) is checked on the server only. */
export const NewPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

export const RegisterInput = z.object({
  firstName: personName(AUTH_MESSAGES.firstNameRequired),
  lastName: personName(AUTH_MESSAGES.lastNameRequired),
  email,
  password: NewPassword,
  userType: z.enum(USER_TYPES, { error: AUTH_MESSAGES.userTypeRequired }),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const LoginInput = z.object({
  email,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** Product §3 user fields plus `role`. Dates travel as ISO strings. */
export const CurrentUser = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  userType: z.enum(USER_TYPES),
  role: z.enum(ROLES),
  createdAt: z.string(),
  subscriptionStatus: z.string().nullable(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES).nullable(),
  subscriptionExpiresAt: z.string().nullable(),
  /** The account has proved it receives mail at `email` (decision 0019). */
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/** GET /api/auth/session: who is signed in, null for a visitor (200 either way). */
export const SessionState = z.object({ user: CurrentUser.nullable() });
export type SessionState = z.infer<typeof SessionState>;

/** How long a link confirming a new account's email address works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
/** New confirmation links one account may ask for per hour. */
export const EMAIL_VERIFICATION_RESENDS_PER_HOUR = 3;

export { EMAIL_VERIFICATION_MESSAGES };

/** 202 to POST /api/auth/register: the same for a new and a taken address; nobody is signed in. */
export const RegistrationAccepted = z.object({ message: z.string(), email: z.string() });
export type RegistrationAccepted = z.infer<typeof RegistrationAccepted>;

export const VerifyEmailInput = z.object({
  token: z
    .string({ error: EMAIL_VERIFICATION_MESSAGES.linkInvalid })
    .trim()
    .min(1, EMAIL_VERIFICATION_MESSAGES.linkInvalid)
    .max(200, EMAIL_VERIFICATION_MESSAGES.linkInvalid),
});
export type VerifyEmailInput = z.infer<typeof VerifyEmailInput>;

/**
 * 200 to POST /api/auth/verify-email. `signedIn`: this browser now has a session of the account
 * (started by the link when it had none); `continuePath`: where "Continue" goes when signed in.
 */
export const EmailVerified = z.object({
  message: z.string(),
  email: z.string(),
  signedIn: z.boolean(),
  continuePath: z.string(),
});
export type EmailVerified = z.infer<typeof EmailVerified>;

/** Where a signed-in person lands after registering (issue: a carer goes on to build a profile). */
export function landingPathAfterRegister(userType: UserType): string {
  return userType === 'carer' ? '/carer-signup' : '/';
}

/**
 * Characters no return path may hold: C0 controls (tab, CR, LF…), DEL, C1 controls, the Unicode
 * line and paragraph separators, and the backslash. Browsers drop tabs and newlines from a URL and
 * read a backslash as a slash, so '/\t/evil' or '/\\evil' would become '//evil': another site
 * (decision 0020). In a Location header a raw newline was a 500.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what this finds
const UNSAFE_IN_RETURN_PATH = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/;
/** Any origin will do: a path resolved against it must stay on it. */
const PROBE_ORIGIN = 'https://return-path.invalid';

/**
 * Only same-site paths are accepted as a return address, never another origin: the value must be
 * a path ('/…', not '//…'), hold no control character or backslash, and resolve against the
 * site's origin (as a browser would) to the same origin and a path that is not '//…'. Anything
 * else is '/'.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || UNSAFE_IN_RETURN_PATH.test(value)) return '/';
  let resolved: URL;
  try {
    resolved = new URL(value, PROBE_ORIGIN);
  } catch {
    return '/';
  }
  // '/.//evil' resolves to the path '//evil': harmless as written, but never a real page of ours,
  // and one careless re-use away from a protocol-relative address.
  if (resolved.origin !== PROBE_ORIGIN || resolved.pathname.startsWith('//')) return '/';
  return value;
}
