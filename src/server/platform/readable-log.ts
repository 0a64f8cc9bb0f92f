import { Writable } from 'node:stream';

/*
 * pino writes one JSON object a line: right for a log collector (production keeps it), unkind to a
 * person at a terminal. In demo mode and in development each line is written as
 * `HH:MM:SS LEVEL  message key=value…`, a request as its method, path, status and time, and an
 * error with its stack. The redaction of loggerOptions has already happened: this only formats.
 */

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every line has, or that the line's own text already says. */
const SHOWN_OTHERWISE = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'req',
  'res',
  'err',
  'responseTime',
]);

/** Control characters (C0, DEL, C1) and the line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- the control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/gu;
// eslint-disable-next-line no-control-regex -- as above
const HAS_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Text on the record's one line: each control character written as an escape (\n, \r, \u0085…),
 * so someone's words in a message or a field can neither end the line and forge the next record
 * nor move the terminal's cursor.
 */
export function escapeControls(text: string): string {
  return text.replace(
    CONTROL,
    (char) => ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function value(field: unknown): string {
  if (typeof field === 'string' && !/\s/.test(field) && !HAS_CONTROL.test(field)) return field;
  return escapeControls(JSON.stringify(field) ?? String(field));
}

/** One pino line as text; a line that is not pino's JSON is written as it came (its controls escaped). */
export function readableLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return escapeControls(line);
  }
  if (entry === null || typeof entry !== 'object') return escapeControls(line);
  const time = typeof entry.time === 'number' ? new Date(entry.time).toISOString().slice(11, 19) : '--:--:--';
  const level = (LEVELS[entry.level as number] ?? String(entry.level)).padEnd(5);
  const parts = [time, level, escapeControls(String(entry.msg ?? ''))];
  const req = entry.req as { method?: string; url?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  if (req?.method) parts.push(escapeControls(`${String(req.method)} ${String(req.url ?? '')}`));
  if (res?.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${entry.responseTime.toFixed(1)} ms`);
  const message = String(entry.msg ?? '');
  for (const [key, field] of Object.entries(entry)) {
    if (SHOWN_OTHERWISE.has(key) || field === undefined) continue;
    // What the message already says ('… on http://localhost:3000 (demo mode, pglite)') is not repeated.
    if (typeof field === 'string' && field !== '' && message.includes(field)) continue;
    parts.push(`${escapeControls(key)}=${value(field)}`);
  }
  let text = parts.filter((part) => part !== '').join(' ');
  const err = entry.err as { message?: string; stack?: string } | undefined;
  // An error's stack goes on the lines after, each indented: a record's first line alone starts
  // with its time, and no line of a message can pass for one.
  if (err) {
    const stack = String(err.stack ?? err.message ?? JSON.stringify(err));
    text += stack
      .split(/\r\n|[\n\r\u0085\u2028\u2029]/u)
      .map((line) => `\n  ${escapeControls(line)}`)
      .join('');
  }
  return text;
}

/** A stream for pino that writes each line readable to `out`. */
export function createReadableLogStream(out: { write(text: string): unknown } = process.stdout): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      pending += chunk.toString();
      let end = pending.indexOf('\n');
      while (end !== -1) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 1);
        if (line.trim() !== '') out.write(`${readableLine(line)}\n`);
        end = pending.indexOf('\n');
      }
      done();
    },
  });
}
