// Two-factor sign-in with an authenticator app (TOTP, RFC 6238), decision 0012.
// Optional for everyone; required for admin accounts in production, who enrol at their first sign-in.
import { z } from 'zod';
import { AUTH_MESSAGES, CurrentUser } from './auth';
import { PASSWORD_MAX_LENGTH } from './limits';

/** Codes from the app: 6 digits, a new one every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** How many one-time recovery codes an enrolment (or a renewal) makes. */
export const RECOVERY_CODE_COUNT = 10;
/** A half-done sign-in (password right, code still due) lasts this long. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 10;
/** Wrong codes one sign-in may try before it must start again with the password. */
export const TWO_FACTOR_ATTEMPTS_PER_CHALLENGE = 5;
/** Wrong codes across sign-ins before the second step locks for TWO_FACTOR_LOCK_MINUTES. */
export const TWO_FACTOR_MAX_FAILURES = 10;
export const TWO_FACTOR_LOCK_MINUTES = 15;
/** The name the authenticator app shows above the codes. */
export const TOTP_ISSUER = 'CareMatch';

export const TWO_FACTOR_MESSAGES = {
  // The second sign-in step (/two-factor)
  pageTitle: 'Two-Factor Sign-In',
  codePrompt: 'Enter the 6-digit code from your authenticator app.',
  recoveryPrompt: 'Enter one of the recovery codes you saved when you turned on two-factor sign-in.',
  setupPrompt:
    'Admin accounts must use two-factor sign-in. Scan this QR code with an authenticator app, then enter the 6-digit code it shows.',
  codeLabel: 'Authentication code',
  recoveryCodeLabel: 'Recovery code',
  verifyButton: 'Verify',
  useRecoveryCode: 'Use a recovery code instead',
  useAppCode: 'Use a code from your app instead',
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'Enter the 6 digits from your app, or a recovery code like abcde-23456',
  endedDescription: 'Sign in with your email and password to get a new code.',
  signInAgain: 'Sign in again',
  backToSignIn: 'Back to sign in',
  verifyFailed: 'We could not check your code. Please check your connection and try again.',
  loadFailed: 'We could not load this sign-in step. Please check your connection and sign in again.',
  signInSetupFailed: 'We could not start setting up two-factor sign-in. Please sign in again.',
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  /** A right code whose 30-second step was already used to sign in (or an earlier one). */
  codeUsed:
    'That code has already been used. Wait for the next code in your app (a new one every 30 seconds) and enter that.',
  /** A recovery code of this account that was spent before: each works once. */
  recoveryCodeUsed:
    'That recovery code has already been used: each one works once. Enter another of the codes you saved.',
  /** Not a recovery code of this account. */
  recoveryCodeWrong: 'That recovery code is not right. Check it against the codes you saved and try again.',
  challengeExpired: 'Your sign-in has expired. Please sign in again.',
  tooManyAttempts: 'Too many wrong codes. Please wait 15 minutes and sign in again.',
  /** One sign-in used up its tries: the password step starts again. */
  challengeAttemptsUsed: 'Too many wrong codes. Please sign in again.',
  // Settings
  sectionTitle: 'Two-factor sign-in',
  sectionIntro:
    'Ask for a code from an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password) each time you sign in.',
  statusLabel: 'Status',
  turnedOnLabel: 'Turned on',
  statusFailed: 'Failed to load your two-factor sign-in settings.',
  setupFailed: 'Two-factor sign-in could not be set up. Please try again.',
  enableFailed: 'Two-factor sign-in could not be turned on. Please try again.',
  renewFailed: 'New recovery codes could not be made. Please try again.',
  disableFailed: 'Two-factor sign-in could not be turned off. Please try again.',
  statusOn: 'On',
  statusOff: 'Off',
  setUpButton: 'Set up two-factor sign-in',
  scanPrompt:
    'Scan this QR code with your authenticator app, or type the key below into it. Then enter the 6-digit code the app shows.',
  manualKeyLabel: 'Key for typing in',
  qrCodeAlt: 'QR code to scan with your authenticator app',
  turnOnButton: 'Turn on',
  turnOffButton: 'Turn off two-factor sign-in',
  newCodesButton: 'Make new recovery codes',
  recoveryCodesTitle: 'Your recovery codes',
  recoveryCodesNote:
    'Each code works once, if you lose your phone. Keep them somewhere safe: they are shown only now.',
  savedCodesButton: 'I have saved these codes',
  copyCodesButton: 'Copy codes',
  downloadCodesButton: 'Download as .txt',
  recoveryCodesFileName: 'carematch-recovery-codes.txt',
  codesCopiedTitle: 'Codes Copied',
  codesCopiedBody: 'Paste them somewhere safe, such as a password manager.',
  copyFailedTitle: 'Could Not Copy',
  copyFailedBody: 'Select the codes and copy them, or download them as a file.',
  codesLeft: (count: number) => `${count} recovery ${count === 1 ? 'code' : 'codes'} left`,
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  noEnrolment: 'Your set-up has expired. Start setting up two-factor sign-in again.',
  requiredForAdmins: 'Two-factor sign-in is required for admin accounts.',
  enabledTitle: 'Two-Factor Sign-In On',
  enabledBody: 'You will be asked for a code from your app each time you sign in.',
  disabledTitle: 'Two-Factor Sign-In Off',
  disabledBody: 'You will sign in with your password alone.',
  codesRenewedTitle: 'New Recovery Codes',
  codesRenewedBody: 'Your old recovery codes no longer work.',
} as const;

/** 6 digits, or a recovery code (10 letters and digits, a dash optional); spaces are ignored. */
export const TWO_FACTOR_CODE_PATTERN = /^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/;

export const TwoFactorCodeInput = z.object({
  code: z
    .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
    .max(64, TWO_FACTOR_MESSAGES.codeFormat)
    .transform((code) => code.replace(/\s+/g, '').toLowerCase())
    .pipe(
      z
        .string()
        .min(1, TWO_FACTOR_MESSAGES.codeRequired)
        .regex(TWO_FACTOR_CODE_PATTERN, TWO_FACTOR_MESSAGES.codeFormat),
    ),
});
export type TwoFactorCodeInput = z.input<typeof TwoFactorCodeInput>;

const currentPassword = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

/**
 * Every change to two-factor asks for the password again (step-up, decision 0017): turning it
 * off, renewing the recovery codes, and (below) turning it on.
 */
export const TwoFactorPasswordInput = z.object({ currentPassword });
export type TwoFactorPasswordInput = z.infer<typeof TwoFactorPasswordInput>;

/** POST /api/settings/two-factor/enable: the first code from the app, and the password. */
export const TwoFactorEnableInput = z.object({
  code: TwoFactorCodeInput.shape.code,
  currentPassword,
});
export type TwoFactorEnableInput = z.input<typeof TwoFactorEnableInput>;

/** GET /api/settings/two-factor */
export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** True for admins in production: it cannot be turned off. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** POST /api/settings/two-factor/setup, and POST /api/auth/two-factor/setup during a sign-in. */
export const TwoFactorEnrolment = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code: a data:image/svg+xml URL for an <img>. */
  qrCodeDataUrl: z.string(),
});
export type TwoFactorEnrolment = z.infer<typeof TwoFactorEnrolment>;

/** The one-time recovery codes, shown once (turning on, renewing). */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

/**
 * 202 from POST /api/auth/login, POST /api/admin/login (and the provider's return, as a redirect
 * to /two-factor): the password was right, no session yet; the second step is `twoFactor`.
 */
export const TwoFactorPending = z.object({ twoFactor: z.enum(['code', 'setup']) });
export type TwoFactorPending = z.infer<typeof TwoFactorPending>;

/** POST /api/auth/two-factor/verify: the session starts; recovery codes when this sign-in enrolled. */
export const TwoFactorSignedIn = z.object({
  user: CurrentUser,
  recoveryCodes: z.array(z.string()).nullable(),
});
export type TwoFactorSignedIn = z.infer<typeof TwoFactorSignedIn>;
