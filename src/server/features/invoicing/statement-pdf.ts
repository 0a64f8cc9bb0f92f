import { formatPence } from '@contracts/invoicing';
import { dayText, PAID_BY_LABELS, type Statement } from '@contracts/records';
import { A4, createPdfWriter, LINE, MARGIN, type PdfWriter } from './pdf-writer';

/** A table: columns at x (a number) or right-aligned at x (`{ right: x }`), a heading row, rows. */
function table(
  pdf: PdfWriter,
  columns: Array<{ heading: string; x: number; right?: boolean; width?: number }>,
  rows: string[][],
) {
  const heading = () => {
    columns.forEach((column) =>
      column.right
        ? pdf.right(column.heading, column.x, pdf.bold)
        : pdf.text(column.heading, column.x, { font: pdf.bold }),
    );
    pdf.y -= 4;
    pdf.rule(MARGIN, A4.width - MARGIN, { grey: true });
    pdf.y -= LINE;
  };
  pdf.newPageIfBelow(3 * LINE);
  heading();
  for (const row of rows) {
    const cells = row.map((cell, index) => {
      const column = columns[index]!;
      return column.width ? pdf.wrap(cell, column.width) : [cell];
    });
    const height = Math.max(...cells.map((lines) => lines.length));
    pdf.newPageIfBelow(height * LINE);
    if (pdf.atTop()) heading();
    const top = pdf.y;
    cells.forEach((lines, index) => {
      const column = columns[index]!;
      pdf.y = top;
      for (const line of lines) {
        if (column.right) pdf.right(line, column.x);
        else pdf.text(line, column.x);
        pdf.y -= LINE;
      }
    });
    pdf.y = top - height * LINE;
  }
}

function section(pdf: PdfWriter, title: string) {
  pdf.y -= LINE / 2;
  pdf.newPageIfBelow(4 * LINE);
  pdf.text(title, MARGIN, { font: pdf.bold, size: 13 });
  pdf.y -= LINE + 4;
}

/**
 * The family's monthly statement for one carer as a PDF: the pack a council's direct-payments team
 * asks for. Visits agreed and what became of them, the invoices and payments of the month, the
 * carer's checks with their dates, and the family's own CEST reference. No bank details.
 */
export async function statementPdf(statement: Statement, at: Date): Promise<Uint8Array> {
  const title = `Monthly statement, ${statement.monthLabel}`;
  const pdf = await createPdfWriter({
    title: `${title}: ${statement.carerName}`,
    author: 'CareMatch',
    subject: `Care from ${statement.carerName} for ${statement.familyName}, ${statement.monthLabel}`,
    createdAt: at,
  });
  const { bold } = pdf;
  const right = A4.width - MARGIN;

  pdf.text('MONTHLY STATEMENT', MARGIN, { font: bold, size: 20 });
  pdf.y -= 28;
  for (const [label, value] of [
    ['Month', statement.monthLabel],
    ['Carer', statement.carerName],
    ['Family', statement.familyName],
    ['Care for', statement.careFor],
    ['Employment status (HMRC CEST) reference', statement.cestReference || 'Not given'],
  ] as const) {
    pdf.text(`${label}:`, MARGIN, { font: bold });
    const lines = pdf.wrap(value, right - 280);
    for (const line of lines) {
      pdf.text(line, 280);
      pdf.y -= LINE;
    }
  }

  section(pdf, 'Visits');
  const { visits } = statement;
  pdf.paragraph(
    `Visits agreed: ${visits.agreed}. Visits that happened: ${visits.happened}. Cancelled: ${visits.cancelled}. Covered by a backup carer: ${visits.covered}.`,
  );
  if (visits.list.length > 0) {
    table(
      pdf,
      [
        { heading: 'Date', x: MARGIN },
        { heading: 'Agreed', x: 170 },
        { heading: 'Happened', x: 260 },
        { heading: 'What happened', x: 350, width: right - 350 },
      ],
      visits.list.map((visit) => [dayText(visit.date), visit.agreed, visit.happened ?? '-', visit.outcome]),
    );
  }

  section(pdf, 'Invoices');
  if (statement.invoices.length === 0) pdf.paragraph('No invoices were issued this month.');
  else {
    table(
      pdf,
      [
        { heading: 'Number', x: MARGIN },
        { heading: 'Issued', x: 120 },
        { heading: 'For', x: 230, width: 170 },
        { heading: 'Status', x: 410, width: 80 },
        { heading: 'Amount', x: right, right: true },
      ],
      statement.invoices.map((invoice) => [
        invoice.number,
        dayText(invoice.issuedOn),
        `${dayText(invoice.periodStart)} to ${dayText(invoice.periodEnd)}`,
        invoice.status,
        formatPence(invoice.totalPence),
      ]),
    );
  }

  section(pdf, 'Payments');
  if (statement.payments.length === 0) pdf.paragraph('No payments were made this month.');
  else {
    table(
      pdf,
      [
        { heading: 'Paid on', x: MARGIN },
        { heading: 'Invoice', x: 160 },
        { heading: 'How paid', x: 240, width: 180 },
        { heading: 'Amount', x: right, right: true },
      ],
      statement.payments.map((payment) => [
        dayText(payment.paidOn),
        payment.invoiceNumber,
        `${PAID_BY_LABELS[payment.paidBy]}${payment.reference ? ` (reference ${payment.reference})` : ''}`,
        formatPence(payment.amountPence),
      ]),
    );
    pdf.newPageIfBelow(2 * LINE);
    pdf.text('Total paid', 330, { font: bold });
    pdf.right(formatPence(statement.paidPence), right, bold);
    pdf.y -= LINE;
  }

  section(pdf, "The carer's checks");
  if (statement.checks.length === 0)
    pdf.paragraph('CareMatch has no approved checks on file for this carer.');
  else {
    table(
      pdf,
      [
        { heading: 'Check', x: MARGIN, width: 130 },
        { heading: 'Details', x: 190, width: 180 },
        { heading: 'Checked', x: 380 },
        { heading: 'Runs out', x: 470 },
      ],
      statement.checks.map((check) => [
        check.check,
        check.detail,
        check.checkedOn ? dayText(check.checkedOn) : '-',
        check.expiresOn ? dayText(check.expiresOn) : 'No end date',
      ]),
    );
  }

  pdf.y -= LINE;
  pdf.paragraph(
    `${statement.carerName} is self-employed and invoices the family directly; CareMatch introduced you and keeps these records. Made on ${dayText(at.toISOString().slice(0, 10))}.`,
    { size: 8, grey: true, lineHeight: 11 },
  );
  return pdf.save();
}
