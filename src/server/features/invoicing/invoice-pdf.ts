import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatPence, type InvoiceLine } from '@contracts/invoicing';
import type { InvoiceRow } from '../../db/schema';
import { longDate, ukDate } from '../../platform/uk-time';
import { referenceOf } from './invoice-documents';

// The invoice as a PDF (decision 0038): A4, the standard Helvetica fonts (text stays text, so it can
// be selected, searched and read aloud), the document's title and language set. pdf-lib writes no
// tagged structure; the reading order is the drawing order, top to bottom.

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const SIZE = 10;
const LINE = 14;
const GREY = rgb(0.35, 0.35, 0.35);

/** The standard fonts encode WinAnsi only: other letters lose their accents, or become '?'. */
function printable(font: PDFFont, text: string): string {
  let out = '';
  for (const char of text) {
    if (encodes(font, char)) {
      out += char;
      continue;
    }
    const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += plain !== '' && [...plain].every((c) => encodes(font, c)) ? plain : '?';
  }
  return out;
}
function encodes(font: PDFFont, char: string): boolean {
  try {
    font.encodeText(char);
    return true;
  } catch {
    return false;
  }
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
  const document = await PDFDocument.create();
  const regular = await document.embedFont(StandardFonts.Helvetica);
  const bold = await document.embedFont(StandardFonts.HelveticaBold);
  const reference = referenceOf(invoice.kind, invoice.number);
  const title = invoice.kind === 'invoice' ? 'Invoice' : 'Credit note';
  document.setTitle(`${title} ${reference}`, { showInWindowTitleBar: true });
  document.setAuthor(printable(regular, invoice.sellerName));
  document.setSubject(`${title} ${reference} from ${invoice.sellerName} to ${invoice.buyerName}`);
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
