import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatPence, type InvoiceLine } from '@contracts/invoicing';
import type { InvoiceRow } from '../../db/schema';
import { FONTS_DIR } from '../../paths';
import { longDate, ukDate } from '../../platform/uk-time';
import { referenceOf } from './invoice-documents';

// The invoice as a PDF (decision 0038): A4, text as text (selectable, searchable, read aloud) in
// an embedded Unicode font, DejaVu Sans (subset): the standard PDF fonts encode WinAnsi only, and
// names like Łukasz, Nguyễn or Gwenllïan ŵ would lose letters. The document's title (shown in the
// window's title bar), author, subject, keywords and language are set. pdf-lib writes no tagged
// structure; the reading order is the drawing order, top to bottom.

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const SIZE = 10;
const LINE = 14;
const GREY = rgb(0.35, 0.35, 0.35);

interface FontFile {
  bytes: Uint8Array;
  /** What the file can draw (the embedded subset draws the same). */
  hasGlyph: (codePoint: number) => boolean;
}
let fontFiles: Promise<{ regular: FontFile; bold: FontFile }> | undefined;

async function fontFile(name: string): Promise<FontFile> {
  const bytes = new Uint8Array(await readFile(join(FONTS_DIR, name)));
  const parsed = fontkit.create(bytes);
  return { bytes, hasGlyph: (codePoint) => parsed.hasGlyphForCodePoint(codePoint) };
}

/** The two font files, read once per process (a failed read is tried again next time). */
function loadFonts() {
  fontFiles ??= Promise.all([fontFile('DejaVuSans.ttf'), fontFile('DejaVuSans-Bold.ttf')]).then(
    ([regular, bold]) => ({ regular, bold }),
  );
  fontFiles.catch(() => {
    fontFiles = undefined;
  });
  return fontFiles;
}

/** Marks, joiners and variation selectors a missing glyph leaves behind: dropped with it. */
const LEFT_BEHIND = /[\p{M}\p{Cf}\u{FE00}-\u{FE0F}]/u;

/**
 * `text` as the font can draw it: composed (NFC), each character it has kept; one it lacks becomes
 * its unaccented letters when the font has them, is left out when it is a pictograph (an emoji the
 * font does not draw) or a mark, joiner or selector, and is '?' otherwise (a script the font lacks).
 */
function printableIn(file: FontFile, text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const codePoint = char.codePointAt(0)!;
    if (char === '\n' || file.hasGlyph(codePoint)) {
      out += char;
      continue;
    }
    if (LEFT_BEHIND.test(char) || /\p{Extended_Pictographic}/u.test(char)) continue;
    const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += plain !== '' && [...plain].every((c) => file.hasGlyph(c.codePointAt(0)!)) ? plain : '?';
  }
  return out.replace(/ {2,}/g, ' ');
}

/** Words of `text` in lines no wider than `width`. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || line === '') line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

export async function invoicePdf(
  invoice: InvoiceRow,
  creditForReference: string | null,
): Promise<Uint8Array> {
  const files = await loadFonts();
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const regular = await document.embedFont(files.regular.bytes, { subset: true });
  const bold = await document.embedFont(files.bold.bytes, { subset: true });
  const fileOf = (font: PDFFont) => (font === bold ? files.bold : files.regular);
  const printable = (font: PDFFont, value: string) => printableIn(fileOf(font), value);
  const reference = referenceOf(invoice.kind, invoice.number);
  const title = invoice.kind === 'invoice' ? 'Invoice' : 'Credit note';
  // Metadata is UTF-16 text: names go in as they are (composed).
  document.setTitle(`${title} ${reference}`, { showInWindowTitleBar: true });
  const seller = invoice.sellerName.normalize('NFC');
  document.setAuthor(seller);
  document.setSubject(`${title} ${reference} from ${seller} to ${invoice.buyerName.normalize('NFC')}`);
  document.setKeywords([title.toLowerCase(), reference, 'care']);
  document.setLanguage('en-GB');
  document.setCreator('CareMatch');
  document.setProducer('CareMatch');
  document.setCreationDate(invoice.issuedAt);
  document.setModificationDate(invoice.issuedAt);

  let page: PDFPage = document.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;
  const newPageIfBelow = (needed: number) => {
    if (y - needed >= MARGIN) return;
    page = document.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
  };
  const text = (
    value: string,
    x: number,
    options: { font?: PDFFont; size?: number; grey?: boolean } = {},
  ) => {
    const font = options.font ?? regular;
    page.drawText(printable(font, value), {
      x,
      y,
      font,
      size: options.size ?? SIZE,
      color: options.grey ? GREY : rgb(0, 0, 0),
    });
  };
  const right = (value: string, xRight: number, font: PDFFont = regular) => {
    const shown = printable(font, value);
    page.drawText(shown, { x: xRight - font.widthOfTextAtSize(shown, SIZE), y, font, size: SIZE });
  };

  text(title.toUpperCase(), MARGIN, { font: bold, size: 20 });
  y -= 28;
  text(`${title} number: ${reference}`, MARGIN, { font: bold });
  y -= LINE;
  text(`Date: ${longDate(ukDate(invoice.issuedAt))}`, MARGIN);
  y -= LINE;
  text(`Period: ${longDate(invoice.periodStart)} to ${longDate(invoice.periodEnd)}`, MARGIN);
  y -= LINE;
  if (creditForReference) {
    text(`Credits invoice ${creditForReference}`, MARGIN);
    y -= LINE;
  }
  y -= LINE;

  // From and to, side by side.
  const column = (A4.width - 2 * MARGIN) / 2;
  const top = y;
  const block = (heading: string, lines: string[], x: number) => {
    y = top;
    text(heading, x, { font: bold });
    y -= LINE;
    for (const line of lines) {
      for (const part of wrap(regular, printable(regular, line), SIZE, column - 10)) {
        text(part, x);
        y -= LINE;
      }
    }
    return y;
  };
  const sellerLines = [
    invoice.sellerName,
    ...(invoice.sellerAddress ? invoice.sellerAddress.split('\n') : []),
    invoice.vatNumber ? `VAT number: ${invoice.vatNumber}` : 'Not VAT registered',
  ];
  const buyerLines = [invoice.buyerName, ...(invoice.buyerAddress ? invoice.buyerAddress.split('\n') : [])];
  const afterSeller = block('From', sellerLines, MARGIN);
  const afterBuyer = block('To', buyerLines, MARGIN + column);
  y = Math.min(afterSeller, afterBuyer) - LINE;

  // The lines: date, description, quantity, rate, amount.
  const columns = {
    date: MARGIN,
    description: MARGIN + 70,
    quantity: 360,
    rate: 430,
    amount: A4.width - MARGIN,
  };
  const heading = () => {
    text('Date', columns.date, { font: bold });
    text('Description', columns.description, { font: bold });
    text('Quantity', columns.quantity, { font: bold });
    text('Rate', columns.rate, { font: bold });
    right('Amount', columns.amount, bold);
    y -= 4;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4.width - MARGIN, y },
      thickness: 0.5,
      color: GREY,
    });
    y -= LINE;
  };
  heading();
  for (const line of invoice.lines as InvoiceLine[]) {
    const description = wrap(
      regular,
      printable(regular, line.description),
      SIZE,
      columns.quantity - columns.description - 8,
    );
    newPageIfBelow(description.length * LINE + LINE);
    if (y === A4.height - MARGIN) heading();
    text(line.date.split('-').reverse().join('/'), columns.date);
    text(line.quantity, columns.quantity);
    text(line.rate, columns.rate);
    right(formatPence(line.amountPence), columns.amount);
    for (const part of description) {
      text(part, columns.description);
      y -= LINE;
    }
  }
  newPageIfBelow(4 * LINE);
  y -= 4;
  page.drawLine({
    start: { x: 330, y: y + LINE - 4 },
    end: { x: A4.width - MARGIN, y: y + LINE - 4 },
    thickness: 0.5,
  });
  text(invoice.kind === 'invoice' ? 'Total due' : 'Total credited', 330, { font: bold });
  right(formatPence(invoice.totalPence), columns.amount, bold);
  y -= 2 * LINE;
  if (!invoice.vatNumber) {
    text('Not VAT registered: no VAT is charged.', MARGIN, { grey: true });
    y -= LINE;
  }
  if (invoice.reason) {
    newPageIfBelow(2 * LINE);
    for (const part of wrap(
      regular,
      printable(regular, `Reason: ${invoice.reason}`),
      SIZE,
      A4.width - 2 * MARGIN,
    )) {
      text(part, MARGIN);
      y -= LINE;
    }
  }
  const footer = `${invoice.sellerName} is self-employed and invoices you directly; CareMatch introduced you and keeps this record.`;
  const footerLines = wrap(regular, printable(regular, footer), 8, A4.width - 2 * MARGIN);
  newPageIfBelow(footerLines.length * LINE + LINE);
  for (const part of footerLines) {
    text(part, MARGIN, { grey: true, size: 8 });
    y -= 11;
  }
  return document.save({ useObjectStreams: false });
}
