import type { FastifyReply } from 'fastify';
import type { CurrentUser } from '@contracts/auth';
import type { TwoFactorPending } from '@contracts/auth-two-factor';
import type { AppConfig } from '../../config';
import {
  clearChallengeCookie,
  setChallengeCookie,
  setSessionCookie,
} from '../../platform/sessions/session.plugin';
import type { SignInOutcome } from './auth.service';
import { toCurrentUser } from './current-user';

/**
 * The answer to a right password (the sign-in and the admin sign-in): 200 with the user and the
 * session cookie, or 202 with the second step due and only the challenge cookie.
 */
export function sendSignInOutcome(
  reply: FastifyReply,
  config: AppConfig,
  outcome: SignInOutcome,
): FastifyReply {
  if (outcome.status === 'signed-in') {
    setSessionCookie(reply, config, outcome.token, outcome.expiresAt);
    clearChallengeCookie(reply, config);
    return reply.status(200).send(toCurrentUser(outcome.user) satisfies CurrentUser);
  }
  setChallengeCookie(reply, config, outcome.challengeToken, outcome.challengeExpiresAt);
  return reply.status(202).send({ twoFactor: outcome.step } satisfies TwoFactorPending);
}
