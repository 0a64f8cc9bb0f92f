import type { Writable } from 'node:stream';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { PHOTO_MAX_BYTES } from '@contracts/carers';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/client';
import { registerAuthRoutes } from './features/auth/auth.routes';
import { createAuthService } from './features/auth/auth.service';
import { createLoginFailureRepository } from './features/auth/login-failure.repository';
import { createOidcClient } from './features/auth/oidc';
import { createUserRepository } from './features/auth/user.repository';
import { registerCarersRoutes } from './features/carers/carers.routes';
import { createCarersService } from './features/carers/carers.service';
import { registerHealthRoutes } from './features/health/health.routes';
import { registerMessagingRoutes } from './features/messaging/messaging.routes';
import { createMessagingService } from './features/messaging/messaging.service';
import { createSavedCarersRepository } from './features/saved-carers/saved-carers.repository';
import { registerSavedCarersRoutes } from './features/saved-carers/saved-carers.routes';
import { createSavedCarersService } from './features/saved-carers/saved-carers.service';
import { registerCrossSiteGuard } from './platform/cross-site-guard';
import { registerErrorHandling } from './platform/errors';
import { loggerOptions } from './platform/logger';
import { registerOpenApi } from './platform/openapi';
import { registerSecurityHeaders } from './platform/security-headers';
import { createSessionRepository } from './platform/sessions/session.repository';
import { registerSessions } from './platform/sessions/session.plugin';
import { createSessionService } from './platform/sessions/session.service';
import { startHousekeeping } from './platform/housekeeping';
import { createLocalDiskStorage, createS3Storage, type FileStorage } from './platform/storage';
import { registerUploadRoutes } from './platform/uploads.routes';
import { registerWebApp } from './platform/web-app';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Folder of the built web app; omitted in API tests. */
  webDir?: string | undefined;
  /** Hourly clean-up of expired rows; main.ts turns it on, tests leave it off. */
  runHousekeeping?: boolean;
  /** Where logs go instead of stdout (tests read them). */
  logStream?: Writable;
  /** Where uploads are kept; by default S3 when configured, else DATA_DIR/uploads. */
  storage?: FileStorage;
}

/** The whole server, without listening: main.ts listens, tests call it with `app.inject`. */
export async function buildApp({
  config,
  database,
  webDir,
  runHousekeeping = false,
  logStream,
  storage = config.s3
    ? createS3Storage(config.s3)
    : createLocalDiskStorage(path.join(config.dataDir, 'uploads')),
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // 1. Outside plugins and cross-cutting platform concerns, in the order requests meet them.
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  registerErrorHandling(app);
  registerSecurityHeaders(app, config);
  registerCrossSiteGuard(app, config);
  await registerOpenApi(app);

  // 2. Services, built once from their repositories.
  const { db } = database;
  const sessions = createSessionService(config, createSessionRepository(db));
  registerSessions(app, config, sessions);
  const loginFailures = createLoginFailureRepository(db);
  const auth = createAuthService({ users: createUserRepository(db), loginFailures, sessions });
  const carers = createCarersService({ db, storage });
  const savedCarers = createSavedCarersService(createSavedCarersRepository(db), carers);
  const messaging = createMessagingService(db, carers);
  if (runHousekeeping) {
    const stop = startHousekeeping(
      [
        { name: 'expired sessions', run: () => sessions.deleteExpired() },
        {
          name: 'old sign-in failures',
          run: () => loginFailures.deleteOlderThan(new Date(Date.now() - 24 * 3_600_000)),
        },
        // The recency part of the carer ranking moves with time alone.
        { name: 'carer ranking', run: () => carers.refreshAllRankScores() },
      ],
      app.log,
    );
    app.addHook('onClose', async () => stop());
  }

  // 3. Routes.
  registerHealthRoutes(app, database);
  registerAuthRoutes(app, {
    config,
    auth,
    oidc: config.oidc ? createOidcClient(config.oidc, config.publicUrl) : undefined,
  });
  registerCarersRoutes(app, carers);
  registerSavedCarersRoutes(app, savedCarers);
  registerMessagingRoutes(app, messaging);
  registerUploadRoutes(app, storage);
  await registerWebApp(app, webDir);

  return app;
}
