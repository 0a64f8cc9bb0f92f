import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config';

/** Structured JSON logs (pino). Credentials and personal secrets are redacted wherever they appear. */
export function loggerOptions(config: AppConfig, stream?: Writable): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.password',
        '*.passwordHash',
        '*.currentPassword',
        '*.newPassword',
        '*.token',
      ],
      censor: '[redacted]',
    },
  };
}
