// CSV for the data export (RFC 4180: comma separated, CRLF line ends, fields quoted when they hold
// a comma, a quote or a line break, quotes doubled), safe to open in a spreadsheet: a text cell
// starting with = + - @ (or a tab or carriage return) is prefixed with an apostrophe, so it is
// shown as text instead of being run as a formula (OWASP "CSV injection").

const FORMULA_START = /^[=+\-@\t\r]/;

/** One value as the text of a cell: dates in ISO 8601, lists and objects as JSON, null as empty. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return FORMULA_START.test(value) ? `'${value}` : value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  const json = JSON.stringify(value);
  return FORMULA_START.test(json) ? `'${json}` : json;
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
