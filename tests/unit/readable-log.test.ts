import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { loggerOptions } from '../../src/server/platform/logger';
import { createReadableLogStream, readableLine } from '../../src/server/platform/readable-log';

/* The start log reads as text in demo mode and development; production keeps JSON. */

const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db/carematch',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
  PAYMENTS_PROVIDER: 'demo',
};

describe('readable logs', () => {
  it('writes the start line as one line of text with the address', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 10, 26, 8, 20, 1),
      pid: 1,
      hostname: 'vm',
      mode: 'demo',
      database: 'pglite',
      url: 'http://localhost:3000',
      msg: 'CareMatch is running on http://localhost:3000 (demo mode, pglite)',
    });
    expect(readableLine(line)).toBe(
      '08:20:01 INFO  CareMatch is running on http://localhost:3000 (demo mode, pglite)',
    );
  });

  it('writes a request as its method, path, status and time, and an error with its stack', () => {
    expect(
      readableLine(
        JSON.stringify({
          level: 30,
          time: 0,
          msg: 'request completed',
          res: { statusCode: 404 },
          responseTime: 3.14159,
          reqId: 'req-1',
        }),
      ),
    ).toBe('00:00:00 INFO  request completed 404 3.1 ms reqId=req-1');
    const error = readableLine(
      JSON.stringify({
        level: 50,
        time: 0,
        msg: 'boom',
        err: { message: 'x', stack: 'Error: x\n    at here' },
      }),
    );
    expect(error).toBe('00:00:00 ERROR boom\n  Error: x\n      at here');
    expect(readableLine('not json')).toBe('not json');
  });

  it('is what Fastify writes in demo mode; production keeps JSON', async () => {
    const demo = loggerOptions(loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'info' })) as {
      stream?: unknown;
    };
    expect(demo.stream).toBeDefined();
    const production = loggerOptions(loadConfig({ ...PRODUCTION, LOG_LEVEL: 'info' })) as {
      stream?: unknown;
    };
    expect(production.stream).toBeUndefined();

    const written: string[] = [];
    const app = Fastify({
      logger: {
        level: 'info',
        stream: createReadableLogStream({ write: (text: string) => written.push(text) }),
      },
    });
    await app.ready();
    app.log.info(
      { url: 'http://localhost:3000' },
      'CareMatch is running on http://localhost:3000 (demo mode, pglite)',
    );
    await app.close();
    expect(written.join('')).toMatch(
      /^\d\d:\d\d:\d\d INFO {2}CareMatch is running on http:\/\/localhost:3000 \(demo mode, pglite\)\n$/,
    );
  });
});
