import { appPlugin } from '../../platform/app-plugin';
import { registerAuthRoutes } from './auth.routes';
import { createAuthService, type AuthService } from './auth.service';
import { createEmailVerificationRepository } from './email-verification.repository';
import { createEmailVerificationService, type EmailVerificationService } from './email-verification.service';
import { createLoginFailureRepository, type LoginFailureRepository } from './login-failure.repository';
import { createOidcClient } from './oidc';
import { createPasswordResetRepository } from './password-reset.repository';
import { registerPasswordResetRoutes } from './password-reset.routes';
import { createPasswordResetService, type PasswordResetService } from './password-reset.service';
import { usePasswordHashing } from './password';
import { createSignInThrottle, type SignInThrottle } from './sign-in-throttle';
import { createTwoFactorRepository } from './two-factor.repository';
import { registerTwoFactorRoutes } from './two-factor.routes';
import { createTwoFactorService, type TwoFactorService } from './two-factor.service';
import { createUserRepository } from './user.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** Feature auth's services: sign-in (and its throttle), email confirmation, two-factor, password reset. */
    auth: {
      service: AuthService;
      signInThrottle: SignInThrottle;
      loginFailures: LoginFailureRepository;
      emailVerification: EmailVerificationService;
      twoFactor: TwoFactorService;
      passwordReset: PasswordResetService;
    };
  }
}

/** Registration, sign-in (password, two-factor, provider), email confirmation and password reset. */
export const authPlugin = appPlugin(
  'features/auth',
  ['platform/sessions', 'platform/rate-limits', 'platform/mailer', 'features/audit'],
  async (app, { config, database: { db } }) => {
    usePasswordHashing(config.passwordHashing);
    const { sessions, rateLimiter, mailer, audit } = app;
    const loginFailures = createLoginFailureRepository(db);
    const signInThrottle = createSignInThrottle({ rateLimiter, loginFailures });
    const twoFactor = createTwoFactorService({
      repository: createTwoFactorRepository(db),
      db,
      mailer,
      signInThrottle,
      secret: config.sessionSecret,
      keySecret: config.twoFactorSecret,
      mode: config.mode,
    });
    const emailVerification = createEmailVerificationService({
      repository: createEmailVerificationRepository(db),
      db,
      mailer,
      rateLimiter,
      secret: config.sessionSecret,
      publicUrl: config.publicUrl,
      forgetUser: (userId) => sessions.forgetUser(userId),
    });
    const auth = createAuthService({
      db,
      mailer,
      emailVerification,
      users: createUserRepository(db),
      signInThrottle,
      sessions,
      twoFactor,
      rateLimiter,
      registrationsPerHour: config.registrationsPerHour,
      // Every admin sign-in, by password, two-factor or provider, is in the audit log.
      onSignedIn: async (user, context) => {
        if (user.role !== 'admin') return;
        await audit.record({
          actorId: user.id,
          action: 'admin.signed-in',
          entityType: 'user',
          entityId: user.id,
          before: null,
          after: null,
          ipAddress: context.ipAddress ?? null,
        });
      },
    });
    const passwordReset = createPasswordResetService({
      repository: createPasswordResetRepository(db),
      db,
      users: createUserRepository(db),
      mailer,
      rateLimiter,
      secret: config.sessionSecret,
      publicUrl: config.publicUrl,
    });
    app.decorate('auth', {
      service: auth,
      signInThrottle,
      loginFailures,
      emailVerification,
      twoFactor,
      passwordReset,
    });

    registerAuthRoutes(app, {
      config,
      auth,
      emailVerification,
      oidc: config.oidc ? createOidcClient(config.oidc, config.publicUrl) : undefined,
    });
    registerTwoFactorRoutes(app, { config, auth, twoFactor });
    registerPasswordResetRoutes(app, passwordReset);
  },
);
