import type { z } from 'zod';

/**
 * Characters a one-line text (a person's name, a subject, a title, a place) may not hold (decision
 * 0020): C0 controls (tab, CR, LF…), DEL and C1 controls; the zero-width space, non-joiner and
 * joiner (U+200B–U+200D), the marks U+200E/U+200F and U+061C; the word joiner and invisible
 * operators (U+2060–U+2064); the byte order mark (U+FEFF); the line and paragraph separators
 * (U+2028/U+2029); and the bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069). They break a line in an email header or a log, hide text, or make a name read
 * backwards ("Amy\u202Egnp.exe"); none belongs in a name someone else will read.
 */
export const NOT_ONE_LINE =
  // eslint-disable-next-line no-control-regex -- the control characters are what this finds
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

export const TEXT_MESSAGES = {
  notOneLine:
    'Use letters, numbers, spaces and punctuation only: no line breaks, tabs or invisible characters.',
} as const;

/** True when `value` is fit for a one-line field (see NOT_ONE_LINE). */
export const isOneLine = (value: string): boolean => !NOT_ONE_LINE.test(value);

/**
 * The one refinement for every one-line field that holds a name, a subject or a title: put it
 * last on the field's string schema (after trim and length), e.g. `oneLine(z.string().trim().max(80))`.
 * A leading or trailing tab or newline is trimmed away first; one inside is refused with a 400.
 */
export function oneLine<T extends z.ZodType<string>>(schema: T, message: string = TEXT_MESSAGES.notOneLine) {
  return schema.refine(isOneLine, { message });
}

/**
 * Text from elsewhere (an identity provider's name claims) made one-line instead of refused: the
 * characters above go, runs of spaces become one. Undefined when nothing is left.
 */
export function toOneLine(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const cleaned = value
    // Breaks and tabs part words; the invisible ones go without a trace.
    .replace(/[\t\n\v\f\r\u0085\u2028\u2029]/gu, ' ')
    .replace(new RegExp(NOT_ONE_LINE.source, 'gu'), '')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned === '' ? undefined : cleaned;
}

/**
 * Every kind of line break: CRLF, CR, LF, vertical tab, form feed, NEL (U+0085) and the line and
 * paragraph separators (U+2028/U+2029). Readers differ on which of them end a line.
 */
const LINE_BREAKS = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/gu;
/** Control characters left once breaks and tabs are dealt with: C0, DEL and C1. */
// eslint-disable-next-line no-control-regex -- the control characters are what this finds
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/gu;

/**
 * Text that may run over several lines (a message, a description, a task list) as it is kept and
 * written: every line break becomes one line feed, a tab a space, and the other control characters
 * go (decision 0020). Nothing else changes: writers of line-based formats escape the line feeds.
 */
export function toMultiLine(value: string): string {
  return value.replace(LINE_BREAKS, '\n').replace(/\t/g, ' ').replace(CONTROLS, '');
}

/**
 * The one refinement for every multi-line field: put it first on the field's string schema, e.g.
 * `multiLine(z.string()).trim().max(2000)`. Line breaks are kept (as line feeds); other control
 * characters but NUL are taken out rather than refused, as text pasted from elsewhere often holds
 * them.
 */
export const multiLine = (schema: z.ZodString): z.ZodString =>
  // NUL stays, to be refused with its own message like anywhere else (ERROR_MESSAGES.nulCharacter).
  schema.overwrite((value) => value.split('\u0000').map(toMultiLine).join('\u0000'));

/** toOneLine for a writer that must put something on its one line: '' when nothing is left. */
export const asOneLine = (value: string | null | undefined): string => toOneLine(value ?? '') ?? '';
