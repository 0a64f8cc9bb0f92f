import { landingPathAfterRegister, type LoginInput, type RegisterInput } from '@contracts/auth';
import { ERROR_MESSAGES } from '@contracts/errors';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../platform/errors';
import type { Mailer } from '../../platform/mailer';
import { clientNetworkKey, type RateLimiter, type RateLimitRule } from '../../platform/rate-limit';
import type { SessionContext, SessionService } from '../../platform/sessions/session.service';
import type { EmailVerificationService } from './email-verification.service';
import type { OidcClaims } from './oidc';
import { hashPassword, passwordProblem, spendDecoyVerification, verifyPassword } from './password';
import type { SignInThrottle } from './sign-in-throttle';
import type { TwoFactorService } from './two-factor.service';
import { createUserRepository, type UserRepository } from './user.repository';

/** Registrations from one client network per hour (REGISTRATIONS_PER_HOUR; absent: no limit). */
export function registrationLimit(perHour: number): RateLimitRule | undefined {
  return perHour > 0 ? { bucket: 'registration-ip', limit: perHour, windowSeconds: 3600 } : undefined;
}

interface AuthServiceDeps {
  db: Database;
  mailer: Mailer;
  emailVerification: EmailVerificationService;
  users: UserRepository;
  signInThrottle: SignInThrottle;
  sessions: SessionService;
  twoFactor: TwoFactorService;
  rateLimiter: RateLimiter;
  /** Accounts one client network may register per hour; 0: no limit. */
  registrationsPerHour: number;
  /** Called for every session started (the app records admin sign-ins in the audit log). */
  onSignedIn?: (user: UserRow, context: SessionContext) => Promise<void>;
  now?: () => Date;
}

export interface SignedIn {
  status: 'signed-in';
  user: UserRow;
  token: string;
  expiresAt: Date;
}

/** The password (or provider) was right and a code is due: a challenge, no session yet. */
export interface TwoFactorDue {
  status: 'two-factor';
  step: 'code' | 'setup';
  user: UserRow;
  challengeToken: string;
  challengeExpiresAt: Date;
}

export type SignInOutcome = SignedIn | TwoFactorDue;

export function createAuthService({
  db,
  mailer,
  emailVerification,
  users,
  signInThrottle,
  sessions,
  twoFactor,
  rateLimiter,
  registrationsPerHour,
  onSignedIn,
  now = () => new Date(),
}: AuthServiceDeps) {
  const registrationRule = registrationLimit(registrationsPerHour);

  async function startSession(
    user: UserRow,
    context: SessionContext,
    previousToken?: string,
  ): Promise<SignedIn> {
    // Rotation: whatever session the browser had before signing in is ended, never upgraded.
    if (previousToken) await sessions.end(previousToken);
    const { token, expiresAt } = await sessions.start(user, context);
    await onSignedIn?.(user, context);
    return { status: 'signed-in', user, token, expiresAt };
  }

  /** After the first factor: a session, or a challenge when two-factor is on or required. */
  async function afterFirstFactor(
    user: UserRow,
    context: SessionContext,
    previousToken?: string,
  ): Promise<SignInOutcome> {
    const step = await twoFactor.requirementFor(user);
    if (step === 'none') return startSession(user, context, previousToken);
    const challenge = await twoFactor.startChallenge(user, step);
    return {
      status: 'two-factor',
      step,
      user,
      challengeToken: challenge.token,
      challengeExpiresAt: challenge.expiresAt,
    };
  }

  return {
    /**
     * The same answer, in about the same time, for a new and a taken address (decision 0019),
     * and nobody is signed in. A new address gets an unconfirmed account and a confirmation link;
     * a taken one gets nothing created, and its owner an email about the attempt.
     */
    async register(input: RegisterInput, context: SessionContext): Promise<{ email: string }> {
      const problem = passwordProblem(input.password, input.email);
      if (problem) throw AppError.badRequest(problem, { password: problem });
      // Every attempt that gets this far counts, taken addresses included.
      if (registrationRule && context.ipAddress) {
        await rateLimiter.enforce(
          registrationRule,
          clientNetworkKey(context.ipAddress),
          ERROR_MESSAGES.tooManyRegistrations,
        );
      }
      // Hashed whether or not the address is taken, so the time taken does not tell.
      const passwordHash = await hashPassword(input.password);
      const existing = await users.findByEmail(input.email);
      if (existing) {
        await emailVerification.noticeRegistrationAttempt(existing);
        return { email: input.email };
      }
      try {
        await db.transaction(async (tx) => {
          const user = await createUserRepository(tx).insert({
            email: input.email,
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            role: input.userType,
          });
          await emailVerification.issue(tx, user);
        });
        mailer.dispatchSoon();
      } catch (error) {
        // Two registrations racing for one address: the unique index decides, and the loser is
        // answered like any taken address.
        if (!isUniqueViolation(error)) throw error;
        const winner = await users.findByEmail(input.email);
        if (winner) await emailVerification.noticeRegistrationAttempt(winner);
      }
      return { email: input.email };
    },

    /**
     * After a confirmation link was opened in a browser with no session: signs the account in,
     * so registering, opening the link and being signed in is one path. Not for a suspended or
     * admin account, nor one with two-factor (those sign in the usual way, with every factor).
     */
    async signInAfterEmailConfirmed(
      user: UserRow,
      context: SessionContext,
      previousToken?: string,
    ): Promise<SignedIn | null> {
      if (user.suspendedAt || user.role === 'admin') return null;
      if ((await twoFactor.requirementFor(user)) !== 'none') return null;
      return startSession(user, context, previousToken);
    },

    landingPath: (user: UserRow) => landingPathAfterRegister(user.role === 'carer' ? 'carer' : 'customer'),

    /**
     * Unknown email and wrong password get the same answer in the same time. The attempt is
     * reserved before the password is checked (sign-in-throttle.ts): past LOGIN_MAX_FAILURES for
     * the account from one network, or LOGIN_MAX_FAILURES_PER_NETWORK across accounts, 429 without
     * checking, the right password included. `onlyRole` (the admin sign-in) answers any other
     * account like a wrong password.
     */
    async login(
      input: LoginInput,
      context: SessionContext & { ipAddress: string },
      previousToken?: string,
      onlyRole?: UserRow['role'],
    ): Promise<SignInOutcome> {
      const attempt = await signInThrottle.signIn(input.email.toLowerCase(), context.ipAddress);
      const user = await users.findByEmail(input.email);
      const valid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : (await spendDecoyVerification(input.password), false);
      if (!user || !valid) {
        await attempt.failed();
        throw AppError.unauthorized(ERROR_MESSAGES.invalidCredentials);
      }
      await attempt.succeeded();
      // Said only to someone who knows the password, so it reveals nothing to a guesser.
      if (onlyRole && user.role !== onlyRole) throw AppError.unauthorized(ERROR_MESSAGES.invalidCredentials);
      if (user.suspendedAt) throw AppError.forbidden(ERROR_MESSAGES.accountSuspended);
      return afterFirstFactor(user, context, previousToken);
    },

    /**
     * The second step: a right code ends the challenge and starts the session (recovery codes
     * come back when this sign-in was an admin's enrolment).
     */
    async completeTwoFactor(
      challengeToken: string | undefined,
      code: string,
      context: SessionContext,
      previousToken?: string,
    ): Promise<SignedIn & { recoveryCodes: string[] | null }> {
      const { user, recoveryCodes } = await twoFactor.completeChallenge(challengeToken, code);
      // Suspended between the two steps.
      if (user.suspendedAt) throw AppError.forbidden(ERROR_MESSAGES.accountSuspended);
      return { ...(await startSession(user, context, previousToken)), recoveryCodes };
    },

    /**
     * Signs in the account linked to the provider's subject; links an existing account only when
     * the provider has verified the email, and otherwise creates a customer account.
     */
    async signInWithOidc(
      claims: OidcClaims,
      context: SessionContext,
      previousToken?: string,
    ): Promise<SignInOutcome> {
      let user = await users.findByOidcSubject(claims.subject);
      if (!user) {
        if (!claims.email || !claims.emailVerified)
          throw AppError.forbidden('Your sign-in provider did not confirm an email address.');
        const existing = await users.findByEmail(claims.email);
        if (existing) {
          // An unconfirmed account with this address may have been made by someone else before its
          // owner arrived (pre-hijacking): the provider proves the owner, so that password and
          // any session of it end here.
          const claimed = !existing.emailVerifiedAt;
          user = await users.linkOidcSubject(existing.id, claims.subject, now(), claimed);
          if (claimed) await sessions.endAllForUser(existing.id);
        } else {
          user = await users.insert({
            email: claims.email,
            firstName: claims.firstName ?? null,
            lastName: claims.lastName ?? null,
            role: 'customer',
            oidcSubject: claims.subject,
            // Only reached when the provider said it verified the address (checked above).
            emailVerifiedAt: now(),
          });
        }
      }
      if (user.suspendedAt) throw AppError.forbidden(ERROR_MESSAGES.accountSuspended);
      return afterFirstFactor(user, context, previousToken);
    },

    logout: (token: string) => sessions.end(token),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
