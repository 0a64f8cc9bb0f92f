// Readers of the line-based formats the product writes, strict on purpose, for the fuzz test of
// tests/api/line-formats-fuzz.test.ts: a CSV parser that follows RFC 4180 to the letter, a check of
// an email's header block as RFC 5322 has it, and the controls a user's text may carry.

/** Every control character: C0, DEL, C1, and the line and paragraph separators. */
export const EVERY_CONTROL: string[] = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  '\u007f',
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(0x80 + code)),
  '\u2028',
  '\u2029',
];

/** Combinations that have broken line formats elsewhere: a forged line, a header, a formula. */
export const CONTROL_COMBOS: string[] = [
  '\r',
  '\r\n',
  '\n ',
  '\u0000',
  '\n\n',
  '\r\r\n',
  '\rEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Forged visit\r\nDTSTART:20300101T090000Z\r\nEND:VEVENT\rBEGIN:VEVENT',
  '\r\nBcc: everyone@example.org\r\n',
  '\n{"level":30,"msg":"forged record"}\n',
  '\u2028\u2029\u0085',
  '\u0000=HYPERLINK("https://evil.example")',
];

/** A control character as the test names it: 'U+000D'. */
export const codeOf = (char: string) =>
  [...char].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');

// eslint-disable-next-line no-control-regex -- the control characters are what these find
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
export const hasControl = (text: string) => ANY_CONTROL.test(text);

/**
 * What a multi-line text becomes once written (the rule of decision 0020, written out here on its
 * own so the test does not take the code's word for it): every line break one line feed, a tab a
 * space, every other control character gone.
 */
export function expectedMultiLine(text: string): string {
  return (
    text
      .replace(/\r\n|[\n\v\f\r\u0085\u2028\u2029]/gu, '\n')
      .replace(/\t/g, ' ')
      // eslint-disable-next-line no-control-regex -- as above
      .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/gu, '')
  );
}

/**
 * RFC 4180 to the letter: records end in CRLF (the last one too), fields are separated by commas,
 * a field holding a comma, a quote, CR or LF is quoted, quotes inside doubled. Any other control
 * character anywhere, a bare CR or LF outside quotes, a quote inside an unquoted field, or text
 * after a closing quote, is an error. Returns the records.
 */
export function parseCsvStrict(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`CSV: ${why} at ${i}: ${JSON.stringify(text.slice(Math.max(0, i - 20), i + 20))}`);
  };
  const checkChar = (char: string) => {
    // TEXTDATA is %x20-21 / %x23-2B / %x2D-7E (and, as every reader takes it, any non-ASCII text).
    if (hasControl(char) && char !== '\r' && char !== '\n') fail(`control character ${codeOf(char)}`);
  };
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= text.length) fail('unterminated quoted field');
        const char = text[i]!;
        if (char === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i += 1;
          break;
        }
        checkChar(char);
        field += char;
        i += 1;
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        const char = text[i]!;
        if (char === '"') fail('quote in an unquoted field');
        checkChar(char);
        field += char;
        i += 1;
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i += 1;
      continue;
    }
    if (text.startsWith('\r\n', i)) {
      i += 2;
      records.push(record);
      record = [];
      continue;
    }
    fail(i >= text.length ? 'no CRLF after the last record' : 'bare CR or LF, or text after a quote');
  }
  if (record.length > 0) fail('unfinished record');
  return records;
}

/** A CSV with a header row, read by `parseCsvStrict`, as one record a row keyed by the header. */
export function csvRecords(text: string): Array<Record<string, string>> {
  const [header, ...body] = parseCsvStrict(text);
  return body.map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index] ?? ''])));
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), as a mail reader shows them. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/giu, (_all, encoding: string, data: string) => {
      if (encoding.toLowerCase() === 'b') return Buffer.from(data, 'base64').toString('utf8');
      const bytes = data
        .replace(/_/g, ' ')
        .replace(/=([0-9a-f]{2})/giu, (_hex, code: string) => String.fromCharCode(parseInt(code, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    });
}

/**
 * An RFC 5322 message's header block, strictly: every line ends in CRLF, no bare CR or LF and no
 * other control character (tab aside, for folding) anywhere in it, each folded line continues
 * with white space, each header is `Name: value`. Returns the unfolded headers, in order.
 */
export function parseHeaderBlock(raw: string): Array<{ name: string; value: string }> {
  const end = raw.indexOf('\r\n\r\n');
  if (end === -1) throw new Error('no blank line after the headers');
  const block = raw.slice(0, end + 2);
  // eslint-disable-next-line no-control-regex -- the control characters are what this finds
  const stray = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]|\r(?!\n)|(?<!\r)\n/u.exec(
    block,
  );
  if (stray) throw new Error(`header block holds ${codeOf(stray[0])}: ${JSON.stringify(block)}`);
  const headers: Array<{ name: string; value: string }> = [];
  for (const line of block.slice(0, -2).split('\r\n')) {
    if (/^[ \t]/.test(line)) {
      const last = headers.at(-1);
      if (!last) throw new Error('a continuation line before any header');
      last.value += line;
      continue;
    }
    const match = /^([!-9;-~]+):[ \t]?(.*)$/.exec(line);
    if (!match) throw new Error(`not a header line: ${JSON.stringify(line)}`);
    headers.push({ name: match[1]!, value: match[2]! });
  }
  return headers;
}
