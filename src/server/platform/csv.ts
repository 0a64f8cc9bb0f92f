import { toMultiLine } from '@contracts/text';

// CSV for the data export and the money records (RFC 4180: comma separated, CRLF line ends, fields quoted when they hold
// a comma, a quote or a line break, quotes doubled), safe to open in a spreadsheet: a text cell
// starting with = + - @ (or a tab or carriage return) is prefixed with an apostrophe, so it is
// shown as text instead of being run as a formula (OWASP "CSV injection"). A cell's line breaks
// (CR, CRLF, U+2028…) become line feeds inside its quotes and other control characters go, so a
// reader finds the same rows and columns whatever text was stored.

const FORMULA_START = /^[=+\-@\t\r]/;
/** In JSON text: C1 controls and the line and paragraph separators, which JSON.stringify leaves raw. */
const RAW_IN_JSON = /[\u007f-\u009f\u2028\u2029]/gu;

const guarded = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** One value as the text of a cell: dates in ISO 8601, lists and objects as JSON, null as empty. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  // Cleaned first, so a control character in front cannot hide a formula from the guard.
  if (typeof value === 'string') return guarded(toMultiLine(value));
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  const json = JSON.stringify(value).replace(
    RAW_IN_JSON,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return guarded(json);
}

export function csvField(text: string): string {
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The records as CSV with a header row of every key seen, in first-seen order. */
export function toCsv(records: Array<Record<string, unknown>>): string {
  const columns: string[] = [];
  for (const record of records) {
    for (const key of Object.keys(record)) if (!columns.includes(key)) columns.push(key);
  }
  const lines = [columns.map(csvField).join(',')];
  for (const record of records)
    lines.push(columns.map((column) => csvField(cellText(record[column]))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
