import {
  TWO_FACTOR_ATTEMPTS_PER_CHALLENGE,
  TWO_FACTOR_CHALLENGE_MINUTES,
  TWO_FACTOR_LOCK_MINUTES,
  TWO_FACTOR_MAX_FAILURES,
  TWO_FACTOR_MESSAGES,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
} from '@contracts/auth-two-factor';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { SessionRow, TwoFactorSecretRow, UserRow } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Mailer, OutgoingEmail } from '../../platform/mailer';
import { createCurrentPasswordCheck } from './current-password';
import { linkTokenHasher, newLinkToken } from './password-reset.service';
import type { SignInThrottle } from './sign-in-throttle';
import { createTotpCrypto, isAppCode } from './totp';
import { createTwoFactorRepository, type TwoFactorRepository } from './two-factor.repository';

// Two-factor sign-in (decision 0012). The only way from a right password to a
// session, when two-factor is on (or required), is completeChallenge with a right code: the
// password step leaves a challenge, never a session.

const MINUTE_MS = 60_000;
/** An enrolment not finished within this time must start again (a new QR code). */
const ENROLMENT_TTL_MS = 60 * MINUTE_MS;

export type SecondStep = 'none' | 'code' | 'setup';

interface TwoFactorServiceDeps {
  repository: TwoFactorRepository;
  db: Database;
  mailer: Mailer;
  /** Wrong passwords here count as failed sign-ins, as on the rest of Settings. */
  signInThrottle: SignInThrottle;
  /** Keys the half-done sign-in tokens (SESSION_SECRET: rotating it ends them, like sessions). */
  secret: string;
  /** Root of the key that encrypts two-factor keys and of the recovery codes' HMAC (TWO_FACTOR_SECRET). */
  keySecret: string;
  mode: AppConfig['mode'];
  now?: () => Date;
}

const wrongCode = () =>
  AppError.badRequest(TWO_FACTOR_MESSAGES.codeWrong, { code: TWO_FACTOR_MESSAGES.codeWrong });
const expired = () => AppError.unauthorized(TWO_FACTOR_MESSAGES.challengeExpired);

function securityNotice(to: string, subject: string, what: string): OutgoingEmail {
  return {
    to,
    subject,
    text: [
      `Hello,`,
      ``,
      what,
      ``,
      `If this was not you, reset your password straight away from the sign-in page and contact us.`,
      ``,
      `The CareMatch team`,
    ].join('\n'),
  };
}

export function createTwoFactorService({
  repository,
  db,
  mailer,
  signInThrottle,
  secret,
  keySecret,
  mode,
  now = () => new Date(),
}: TwoFactorServiceDeps) {
  const confirmPassword = createCurrentPasswordCheck(signInThrottle, now);
  const crypto = createTotpCrypto(keySecret);
  /** The stored key, readable only under the secret it was encrypted with. */
  const keyOf = (row: TwoFactorSecretRow): string => {
    try {
      return crypto.decrypt(row.secretEncrypted);
    } catch (cause) {
      throw new Error(
        'a two-factor key cannot be decrypted: was SESSION_SECRET changed without setting TWO_FACTOR_SECRET to the old one? (docs/deploy.md)',
        { cause },
      );
    }
  };
  const hashChallenge = linkTokenHasher(secret, 'two-factor challenges');

  const isEnabled = (row: TwoFactorSecretRow | undefined): row is TwoFactorSecretRow & { enabledAt: Date } =>
    row?.enabledAt != null;
  const isRequired = (user: Pick<UserRow, 'role'>) => user.role === 'admin' && mode === 'production';

  /** A new pending secret (replacing an unfinished one) and what the app needs to read it. */
  async function beginEnrolment(user: UserRow): Promise<TwoFactorEnrolment> {
    const base32 = crypto.newSecret();
    if (!(await repository.savePendingSecret(user.id, crypto.encrypt(base32), now()))) {
      throw AppError.conflict(TWO_FACTOR_MESSAGES.alreadyOn);
    }
    return crypto.enrolment(base32, user.email);
  }

  /**
   * Turns on two-factor with the first code from the app: the pending secret becomes live and
   * ten recovery codes are made, in one transaction. Returns the codes, shown once.
   */
  async function finishEnrolment(user: UserRow, code: string): Promise<string[] | 'wrong'> {
    const at = now();
    const row = await repository.findSecret(user.id);
    if (row?.enabledAt) throw AppError.conflict(TWO_FACTOR_MESSAGES.alreadyOn);
    if (!row || at.getTime() - row.createdAt.getTime() > ENROLMENT_TTL_MS) {
      throw AppError.conflict(TWO_FACTOR_MESSAGES.noEnrolment);
    }
    const step = isAppCode(code) ? crypto.matchingStep(keyOf(row), code, at) : null;
    if (step === null) return 'wrong';
    const codes = crypto.newRecoveryCodes();
    const enabled = await db.transaction(async (tx) => {
      const inTx = createTwoFactorRepository(tx);
      if (!(await inTx.spendStep(user.id, step, at))) return false;
      await inTx.replaceRecoveryCodes(user.id, codes.map(crypto.hashRecoveryCode), at);
      await mailer.enqueue(
        tx,
        securityNotice(
          user.email,
          'Two-factor sign-in is on for your CareMatch account',
          'Two-factor sign-in has just been turned on for your CareMatch account: each sign-in now asks for a code from your authenticator app.',
        ),
      );
      return true;
    });
    if (!enabled) throw AppError.conflict(TWO_FACTOR_MESSAGES.alreadyOn);
    mailer.dispatchSoon();
    return codes;
  }

  return {
    /** What a sign-in needs after the right password: nothing more, a code, or an enrolment. */
    async requirementFor(user: UserRow): Promise<SecondStep> {
      if (isEnabled(await repository.findSecret(user.id))) return 'code';
      return isRequired(user) ? 'setup' : 'none';
    },

    /** The half-done sign-in: its token goes to the browser in an httpOnly cookie. */
    async startChallenge(user: UserRow, step: 'code' | 'setup'): Promise<{ token: string; expiresAt: Date }> {
      const token = newLinkToken();
      const createdAt = now();
      const expiresAt = new Date(createdAt.getTime() + TWO_FACTOR_CHALLENGE_MINUTES * MINUTE_MS);
      await repository.insertChallenge({
        idHash: hashChallenge(token),
        userId: user.id,
        step,
        createdAt,
        expiresAt,
      });
      return { token, expiresAt };
    },

    async challengeStep(token: string | undefined): Promise<'code' | 'setup'> {
      const found = token ? await repository.findLiveChallenge(hashChallenge(token), now()) : undefined;
      if (!found) throw expired();
      return found.challenge.step;
    },

    /** An admin in production enrolling at sign-in: the QR code for the 'setup' step. */
    async startSignInEnrolment(token: string | undefined): Promise<TwoFactorEnrolment> {
      const found = token ? await repository.findLiveChallenge(hashChallenge(token), now()) : undefined;
      if (!found) throw expired();
      if (found.challenge.step !== 'setup') throw AppError.conflict(TWO_FACTOR_MESSAGES.alreadyOn);
      return beginEnrolment(found.user);
    },

    /**
     * The second step. A right code (app or recovery) ends the challenge and returns its user,
     * who then gets a session; a wrong one counts against the challenge and the account.
     */
    async completeChallenge(
      token: string | undefined,
      code: string,
    ): Promise<{ user: UserRow; recoveryCodes: string[] | null }> {
      const at = now();
      const idHash = token ? hashChallenge(token) : undefined;
      const found = idHash ? await repository.findLiveChallenge(idHash, at) : undefined;
      if (!idHash || !found) throw expired();
      const { challenge, user } = found;
      const row = await repository.findSecret(user.id);
      // Turned off since the password step: the challenge is stale.
      if (challenge.step === 'code' && !isEnabled(row)) {
        await repository.deleteChallenge(idHash);
        throw expired();
      }

      // Both limits are reserved before any code is looked at, each in the one statement that
      // counts the attempt and answers "allowed?": however many codes arrive in parallel, at most
      // TWO_FACTOR_ATTEMPTS_PER_CHALLENGE per sign-in and TWO_FACTOR_MAX_FAILURES per account are
      // checked (decision 0017).
      const attempts = await repository.reserveChallengeAttempt(idHash, at);
      if (attempts === null) throw expired();
      if (attempts > TWO_FACTOR_ATTEMPTS_PER_CHALLENGE) {
        await repository.deleteChallenge(idHash);
        throw AppError.unauthorized(TWO_FACTOR_MESSAGES.challengeAttemptsUsed);
      }
      // No key yet (an admin's enrolment not started): finishEnrolment answers that, nothing to guess.
      const failures = row
        ? await repository.reserveFailure(
            user.id,
            at,
            new Date(at.getTime() - TWO_FACTOR_LOCK_MINUTES * MINUTE_MS),
            TWO_FACTOR_MAX_FAILURES,
          )
        : 0;
      if (failures === null) {
        await repository.deleteChallenge(idHash);
        throw AppError.tooManyRequests(TWO_FACTOR_MESSAGES.tooManyAttempts, TWO_FACTOR_LOCK_MINUTES * 60);
      }

      let recoveryCodes: string[] | null = null;
      let accepted: boolean;
      /** A right app code of a step already used (a replay, or the same code entered twice). */
      let alreadyUsed = false;
      /** What a refused recovery code was: spent already, or not one of the account's. */
      let recoveryRefusal: 'used' | 'wrong' | null = null;
      if (challenge.step === 'setup') {
        const result = await finishEnrolment(user, code);
        accepted = result !== 'wrong';
        if (result !== 'wrong') recoveryCodes = result;
      } else if (row && isAppCode(code)) {
        const step = crypto.matchingStep(keyOf(row), code, at);
        // spendStep also clears the failures, this reserved attempt with them.
        accepted = step !== null && (await repository.spendStep(user.id, step));
        alreadyUsed = step !== null && !accepted;
      } else {
        const codeHash = crypto.hashRecoveryCode(code);
        accepted = await repository.spendRecoveryCode(user.id, codeHash, at);
        if (accepted) await repository.clearFailures(user.id);
        else recoveryRefusal = (await repository.recoveryCodeWasUsed(user.id, codeHash)) ? 'used' : 'wrong';
      }

      if (!accepted) {
        // The attempt is already counted: only the answer is left to choose.
        if (failures >= TWO_FACTOR_MAX_FAILURES) {
          await repository.deleteChallenge(idHash);
          throw AppError.tooManyRequests(TWO_FACTOR_MESSAGES.tooManyAttempts, TWO_FACTOR_LOCK_MINUTES * 60);
        }
        if (attempts >= TWO_FACTOR_ATTEMPTS_PER_CHALLENGE) {
          await repository.deleteChallenge(idHash);
          throw AppError.unauthorized(TWO_FACTOR_MESSAGES.challengeAttemptsUsed);
        }
        if (alreadyUsed) {
          throw AppError.badRequest(TWO_FACTOR_MESSAGES.codeUsed, { code: TWO_FACTOR_MESSAGES.codeUsed });
        }
        if (recoveryRefusal) {
          const message =
            recoveryRefusal === 'used'
              ? TWO_FACTOR_MESSAGES.recoveryCodeUsed
              : TWO_FACTOR_MESSAGES.recoveryCodeWrong;
          throw AppError.badRequest(message, { code: message });
        }
        throw wrongCode();
      }
      // A challenge signs in once, even when two right codes race.
      if (!(await repository.deleteChallenge(idHash))) throw expired();
      return { user, recoveryCodes };
    },

    // ── settings ─────────────────────────────────────────────────────────────────────────────
    async status(user: UserRow): Promise<TwoFactorStatus> {
      const row = await repository.findSecret(user.id);
      const enabled = isEnabled(row);
      return {
        enabled,
        enabledAt: enabled ? row.enabledAt.toISOString() : null,
        recoveryCodesLeft: enabled ? await repository.countRecoveryCodesLeft(user.id) : 0,
        required: isRequired(user),
      };
    },

    startEnrolment: beginEnrolment,

    /**
     * Turns two-factor on, after the password (step-up): otherwise a stolen session could enrol its
     * own authenticator and lock the owner out (decision 0017).
     */
    async enable(
      user: UserRow,
      session: Pick<SessionRow, 'createdAt'>,
      ipAddress: string,
      input: { code: string; currentPassword: string },
    ): Promise<string[]> {
      await confirmPassword(user, session, ipAddress, input.currentPassword);
      const result = await finishEnrolment(user, input.code);
      if (result === 'wrong') throw wrongCode();
      return result;
    },

    /** New recovery codes (the old ones stop working), after the password. */
    async renewRecoveryCodes(
      user: UserRow,
      session: Pick<SessionRow, 'createdAt'>,
      ipAddress: string,
      currentPassword: string,
    ): Promise<string[]> {
      await confirmPassword(user, session, ipAddress, currentPassword);
      if (!isEnabled(await repository.findSecret(user.id)))
        throw AppError.conflict(TWO_FACTOR_MESSAGES.notOn);
      const codes = crypto.newRecoveryCodes();
      await db.transaction(async (tx) => {
        await createTwoFactorRepository(tx).replaceRecoveryCodes(
          user.id,
          codes.map(crypto.hashRecoveryCode),
          now(),
        );
      });
      return codes;
    },

    /** Turns two-factor off (not for admins in production), after the password. */
    async disable(
      user: UserRow,
      session: Pick<SessionRow, 'createdAt'>,
      ipAddress: string,
      currentPassword: string,
    ): Promise<void> {
      if (isRequired(user)) throw AppError.forbidden(TWO_FACTOR_MESSAGES.requiredForAdmins);
      await confirmPassword(user, session, ipAddress, currentPassword);
      if (!isEnabled(await repository.findSecret(user.id)))
        throw AppError.conflict(TWO_FACTOR_MESSAGES.notOn);
      await db.transaction(async (tx) => {
        const inTx = createTwoFactorRepository(tx);
        await inTx.deleteSecret(user.id);
        await inTx.deleteRecoveryCodes(user.id);
        await inTx.deleteChallengesOf(user.id);
        await mailer.enqueue(
          tx,
          securityNotice(
            user.email,
            'Two-factor sign-in is off for your CareMatch account',
            'Two-factor sign-in has just been turned off for your CareMatch account: signing in now needs only the password.',
          ),
        );
      });
      mailer.dispatchSoon();
    },

    /** Retention: challenges past their ten minutes. */
    deleteExpiredChallenges: () => repository.deleteExpiredChallenges(now()),
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
