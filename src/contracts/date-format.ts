/**
 * A date formatter made on first use and kept: `toLocaleDateString` with options builds a new
 * `Intl.DateTimeFormat` on every call (about ten times the cost of formatting with one), and these
 * run on every profile, record and admin list the server answers. Made lazily so a page that never
 * formats a date pays nothing for it at start.
 */
export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat(locale, options)).format(date);
}
