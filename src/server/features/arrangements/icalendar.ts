// A minimal iCalendar (RFC 5545) writer for the visits feed: what Google, Apple and Outlook
// calendars read. Times are written in UTC (the visits are stored as instants), so no time zone
// definitions are needed; the calendar shows them in the reader's own zone.

import { toMultiLine } from '@contracts/text';

export interface CalendarEvent {
  id: string;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  cancelled: boolean;
}

/** 20271031T090000Z */
const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');

/**
 * TEXT values (RFC 5545 3.3.11): every line break (CR, LF, CRLF, U+2028…) becomes the escape \n,
 * other control characters go, and backslash, semicolon and comma are escaped. Whatever a stored
 * note or name holds (text kept before the input rules were stricter included), it stays inside
 * its one property: no bare CR or LF can end the line and start a forged one.
 */
export const icalText = (value: string) =>
  toMultiLine(value).replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');

/** Lines longer than 75 octets are folded: CRLF and a space before each continuation. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    // Never split a UTF-8 character: back up to the start of one.
    while (end < bytes.length && (bytes[end]! & 0xc0) === 0x80) end -= 1;
    out.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74; // the leading space counts
  }
  return out.join('\r\n ');
}

export function toICalendar(events: CalendarEvent[], now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//CareMatch//Care visits//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:CareMatch visits',
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.id}@carematch`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART:${stamp(event.startsAt)}`,
      `DTEND:${stamp(event.endsAt)}`,
      `SUMMARY:${icalText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${icalText(event.description)}`] : []),
      `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
