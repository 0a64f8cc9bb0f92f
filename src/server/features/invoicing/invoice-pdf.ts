import { formatPence, type InvoiceLine } from '@contracts/invoicing';
import type { InvoiceRow } from '../../db/schema';
import { longDate, ukDate } from '../../platform/uk-time';
import { referenceOf } from './invoice-documents';
import { A4, createPdfWriter, LINE, MARGIN } from './pdf-writer';

/** The invoice or credit note as a PDF (decision 0038). */
export async function invoicePdf(
  invoice: InvoiceRow,
  creditForReference: string | null,
): Promise<Uint8Array> {
  const reference = referenceOf(invoice.kind, invoice.number);
  const title = invoice.kind === 'invoice' ? 'Invoice' : 'Credit note';
  const pdf = await createPdfWriter({
    title: `${title} ${reference}`,
    author: invoice.sellerName,
    subject: `${title} ${reference} from ${invoice.sellerName} to ${invoice.buyerName}`,
    keywords: [title.toLowerCase(), reference, 'care'],
    createdAt: invoice.issuedAt,
  });
  const { bold } = pdf;

  pdf.text(title.toUpperCase(), MARGIN, { font: bold, size: 20 });
  pdf.y -= 28;
  pdf.text(`${title} number: ${reference}`, MARGIN, { font: bold });
  pdf.y -= LINE;
  pdf.text(`Date: ${longDate(ukDate(invoice.issuedAt))}`, MARGIN);
  pdf.y -= LINE;
  pdf.text(`Period: ${longDate(invoice.periodStart)} to ${longDate(invoice.periodEnd)}`, MARGIN);
  pdf.y -= LINE;
  if (creditForReference) {
    pdf.text(`Credits invoice ${creditForReference}`, MARGIN);
    pdf.y -= LINE;
  }
  pdf.y -= LINE;

  // From and to, side by side.
  const column = (A4.width - 2 * MARGIN) / 2;
  const top = pdf.y;
  const block = (heading: string, lines: string[], x: number) => {
    pdf.y = top;
    pdf.text(heading, x, { font: bold });
    pdf.y -= LINE;
    for (const line of lines) {
      for (const part of pdf.wrap(line, column - 10)) {
        pdf.text(part, x);
        pdf.y -= LINE;
      }
    }
    return pdf.y;
  };
  const sellerLines = [
    invoice.sellerName,
    ...(invoice.sellerAddress ? invoice.sellerAddress.split('\n') : []),
    invoice.vatNumber ? `VAT number: ${invoice.vatNumber}` : 'Not VAT registered',
  ];
  const buyerLines = [invoice.buyerName, ...(invoice.buyerAddress ? invoice.buyerAddress.split('\n') : [])];
  const afterSeller = block('From', sellerLines, MARGIN);
  const afterBuyer = block('To', buyerLines, MARGIN + column);
  pdf.y = Math.min(afterSeller, afterBuyer) - LINE;

  // The lines: date, description, quantity, rate, amount.
  const columns = {
    date: MARGIN,
    description: MARGIN + 70,
    quantity: 360,
    rate: 430,
    amount: A4.width - MARGIN,
  };
  const heading = () => {
    pdf.text('Date', columns.date, { font: bold });
    pdf.text('Description', columns.description, { font: bold });
    pdf.text('Quantity', columns.quantity, { font: bold });
    pdf.text('Rate', columns.rate, { font: bold });
    pdf.right('Amount', columns.amount, bold);
    pdf.y -= 4;
    pdf.rule(MARGIN, A4.width - MARGIN, { grey: true });
    pdf.y -= LINE;
  };
  heading();
  for (const line of invoice.lines as InvoiceLine[]) {
    const description = pdf.wrap(line.description, columns.quantity - columns.description - 8);
    pdf.newPageIfBelow(description.length * LINE + LINE);
    if (pdf.atTop()) heading();
    pdf.text(line.date.split('-').reverse().join('/'), columns.date);
    pdf.text(line.quantity, columns.quantity);
    pdf.text(line.rate, columns.rate);
    pdf.right(formatPence(line.amountPence), columns.amount);
    for (const part of description) {
      pdf.text(part, columns.description);
      pdf.y -= LINE;
    }
  }
  pdf.newPageIfBelow(4 * LINE);
  pdf.y -= 4;
  pdf.rule(330, A4.width - MARGIN, { offset: LINE - 4 });
  pdf.text(invoice.kind === 'invoice' ? 'Total due' : 'Total credited', 330, { font: bold });
  pdf.right(formatPence(invoice.totalPence), columns.amount, bold);
  pdf.y -= 2 * LINE;
  if (!invoice.vatNumber) {
    pdf.text('Not VAT registered: no VAT is charged.', MARGIN, { grey: true });
    pdf.y -= LINE;
  }
  if (invoice.reason) pdf.paragraph(`Reason: ${invoice.reason}`);
  const footer = `${invoice.sellerName} is self-employed and invoices you directly; CareMatch introduced you and keeps this record.`;
  pdf.paragraph(footer, { size: 8, grey: true, lineHeight: 11 });
  return pdf.save();
}
