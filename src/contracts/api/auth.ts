import { z } from 'zod';
import {
  CurrentUser,
  EmailVerified,
  LoginInput,
  RegisterInput,
  RegistrationAccepted,
  SessionState,
  VerifyEmailInput,
} from '../auth';
import {
  RecoveryCodes,
  TwoFactorCodeInput,
  TwoFactorEnableInput,
  TwoFactorEnrolment,
  TwoFactorPasswordInput,
  TwoFactorPending,
  TwoFactorSignedIn,
  TwoFactorStatus,
} from '../auth-two-factor';
import { apiPaths } from '../paths';
import { ForgotPasswordInput, ResetPasswordInput } from '../settings';
import { endpoint, MessageBody } from './endpoint';

const errors = [400, 401, 403, 409, 429] as const;

/** Accounts, signing in and out (password, OpenID Connect, a second step), two-factor in settings. */
export const authEndpoints = {
  postRegister: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    body: RegisterInput,
    responses: { 202: RegistrationAccepted },
    errors,
  }),
  postVerifyEmail: endpoint({
    method: 'POST',
    path: '/api/auth/verify-email',
    body: VerifyEmailInput,
    responses: { 200: EmailVerified },
    errors,
  }),
  postVerifyEmailResend: endpoint({
    method: 'POST',
    path: '/api/auth/verify-email/resend',
    responses: { 202: MessageBody },
    errors,
  }),
  /** 200 and the session, or 202 when a second step (a code) is due next. */
  postLogin: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    body: LoginInput,
    responses: { 200: CurrentUser, 202: TwoFactorPending },
    errors,
  }),
  postLogout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    responses: { 204: z.null() },
    errors: [403],
  }),
  getUser: endpoint({
    method: 'GET',
    path: '/api/auth/user',
    responses: { 200: CurrentUser },
    errors: [401],
  }),
  /** The web app's sign-in check: null for a visitor (GET /api/auth/user answers 401). */
  getSession: endpoint({ method: 'GET', path: apiPaths.session, responses: { 200: SessionState } }),
  // Full-page navigations that answer with a redirect (product §2, Routes).
  getLogin: endpoint({
    method: 'GET',
    path: '/api/login',
    query: z.object({ returnTo: z.string().max(2048).optional() }),
  }),
  getOidcCallback: endpoint({ method: 'GET', path: '/api/auth/oidc/callback' }),
  getLogout: endpoint({ method: 'GET', path: '/api/logout' }),
  postAuthForgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: ForgotPasswordInput,
    responses: { 202: MessageBody },
    errors: [400, 429],
  }),
  postAuthResetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    body: ResetPasswordInput,
    responses: { 200: MessageBody },
    errors: [400],
  }),
  // The second sign-in step, with the challenge cookie from POST /api/auth/login (decision 0012).
  getAuthTwoFactor: endpoint({
    method: 'GET',
    path: '/api/auth/two-factor',
    responses: { 200: TwoFactorPending },
    errors: [401],
  }),
  postAuthTwoFactorSetup: endpoint({
    method: 'POST',
    path: '/api/auth/two-factor/setup',
    responses: { 200: TwoFactorEnrolment },
    errors,
  }),
  postAuthTwoFactorVerify: endpoint({
    method: 'POST',
    path: '/api/auth/two-factor/verify',
    body: TwoFactorCodeInput,
    responses: { 200: TwoFactorSignedIn },
    errors,
  }),
  // Two-factor on the settings page.
  getSettingsTwoFactor: endpoint({
    method: 'GET',
    path: '/api/settings/two-factor',
    responses: { 200: TwoFactorStatus },
    errors: [401],
  }),
  postSettingsTwoFactorSetup: endpoint({
    method: 'POST',
    path: '/api/settings/two-factor/setup',
    responses: { 200: TwoFactorEnrolment },
    errors,
  }),
  postSettingsTwoFactorEnable: endpoint({
    method: 'POST',
    path: '/api/settings/two-factor/enable',
    body: TwoFactorEnableInput,
    responses: { 200: RecoveryCodes },
    errors,
  }),
  postSettingsTwoFactorRecoveryCodes: endpoint({
    method: 'POST',
    path: '/api/settings/two-factor/recovery-codes',
    body: TwoFactorPasswordInput,
    responses: { 200: RecoveryCodes },
    errors,
  }),
  deleteSettingsTwoFactor: endpoint({
    method: 'DELETE',
    path: '/api/settings/two-factor',
    body: TwoFactorPasswordInput,
    responses: { 204: z.null() },
    errors,
  }),
};
