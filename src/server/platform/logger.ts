import type { Writable } from 'node:stream';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config';
import { createReadableLogStream } from './readable-log';

/**
 * Query parameters whose values are kept in logs: filters, sorts and paging of this app's own
 * pages and routes, none of them personal or secret. Every other value is replaced (decision
 * 0020): an allowlist, because the parameters that carry secrets are not all ours to name — the emailed
 * links' `token`, the OpenID provider's `code` and `state`, Stripe's `payment_intent_client_secret`
 * on the return from a bank check, and whatever a future link or provider adds. The name stays, so
 * a log still says which link was followed; a place typed into search (`location` or `near`,
 * maybe a postcode) and a return path are personal enough to go too.
 */
export const LOGGED_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'sort',
  'limit',
  'page',
  'careType',
  'availability',
  'within',
  'day',
  'partOfDay',
  'minRate',
  'maxRate',
  'status',
  'entityType',
  'action',
  'before',
  'from',
  'to',
  'error',
  'redirect_status',
]);

export const REDACTED = '[redacted]';

/**
 * The address as it may be logged: the path, and the query with every value not on the allowlist
 * replaced. Works on the raw text (no decoding and re-encoding), so what is kept is what was sent;
 * a malformed query is redacted whole rather than parsed.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  const path = redactPath(start === -1 ? url : url.slice(0, start));
  if (start === -1) return path;
  const query = url.slice(start + 1);
  const parts = query.split('&').map((part) => {
    if (part === '') return part;
    const equals = part.indexOf('=');
    const rawName = equals === -1 ? part : part.slice(0, equals);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      return REDACTED;
    }
    // A bare '?abc' has no name: its text may be the secret ('?<token>').
    if (equals === -1) return LOGGED_QUERY_PARAMETERS.has(name) ? part : REDACTED;
    return LOGGED_QUERY_PARAMETERS.has(name) ? part : `${rawName}=${REDACTED}`;
  });
  return `${path}?${parts.join('&')}`;
}

/** Paths whose last part is a secret: the private calendar feed's address. */
const SECRET_PATHS = [/^(\/api\/calendar\/)[^/?]+$/];

function redactPath(path: string): string {
  for (const pattern of SECRET_PATHS) if (pattern.test(path)) return path.replace(pattern, `$1${REDACTED}`);
  return path;
}

/** Fastify's request serializer, with the address redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Characters JSON.stringify (and so pino) leaves raw in a string but some log readers take for a
 * line end or a terminal control: DEL, the C1 controls (NEL, U+0085, among them) and the line and
 * paragraph separators. C0 controls, CR and LF included, pino escapes already.
 */
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029]/gu;

/**
 * pino's last step before writing a record: the characters above, which can only stand inside a
 * JSON string there, become \u escapes. The record is the same JSON, and always one line, whatever
 * text someone typed into a logged field.
 */
export const oneRecordALine = (line: string): string =>
  line.replace(RAW_IN_JSON, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Structured JSON logs (pino) in production; one readable line each in demo mode and development
 * (readable-log.ts). Credentials and personal secrets are redacted wherever they appear.
 */
export function loggerOptions(config: AppConfig, stream?: Writable): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  const readable = !stream && (config.mode === 'demo' || config.nodeEnv === 'development');
  const destination = stream ?? (readable ? createReadableLogStream() : undefined);
  return {
    level: config.logLevel,
    ...(destination ? { stream: destination } : {}),
    serializers: { req: serializeRequest },
    hooks: { streamWrite: oneRecordALine },
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
        // A failed query's bound values (a DrizzleQueryError's, and its cause's): message text,
        // email addresses, token hashes. The SQL text stays for whoever debugs it.
        'err.params',
        'err.cause.params',
      ],
      censor: '[redacted]',
    },
  };
}
