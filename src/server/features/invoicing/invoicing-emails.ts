import type { OutgoingEmail } from '../../platform/mailer';

// The emails of timesheets and invoices (decision 0038): each is something to answer or a record
// of money, so none has a notification kind to turn off. Names people chose (a trading name) stay
// in the body, never the subject (decision 0020).

const signOff = ['', 'The CareMatch team'];
const hello = (firstName: string | null) => `Hello${firstName ? ` ${firstName}` : ''},`;

/** To the family (holder and "can arrange"): a timesheet to approve. */
export function timesheetSubmittedEmail(
  to: string,
  firstName: string | null,
  carerName: string,
  week: string,
  total: string,
  autoApproveOn: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: 'A timesheet to approve',
    text: [
      hello(firstName),
      '',
      `${carerName} sent the timesheet for the week of ${week}: ${total}.`,
      `Approve it, or query a line that is not right. If nobody answers, it is approved automatically on ${autoApproveOn}.`,
      '',
      link,
      ...signOff,
    ].join('\n'),
  };
}

/** To the family, 24 hours before a timesheet is approved on its own. */
export function autoApprovalReminderEmail(
  to: string,
  firstName: string | null,
  carerName: string,
  week: string,
  autoApproveOn: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: 'A timesheet will be approved tomorrow',
    text: [
      hello(firstName),
      '',
      `${carerName}'s timesheet for the week of ${week} is still waiting for an answer.`,
      `It will be approved automatically on ${autoApproveOn}, and the invoice sent to you. Query a line before then if something is not right.`,
      '',
      link,
      ...signOff,
    ].join('\n'),
  };
}

/** To the carer: the family queried a line. */
export function timesheetQueriedEmail(
  to: string,
  firstName: string | null,
  familyName: string,
  week: string,
  reason: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: 'Your timesheet was queried',
    text: [
      hello(firstName),
      '',
      `${familyName} queried a line of your timesheet for the week of ${week}:`,
      '',
      reason,
      '',
      'Correct it and send the timesheet again:',
      link,
      ...signOff,
    ].join('\n'),
  };
}

/** To the carer: approved (by the family, or on its own), and the invoice issued. */
export function timesheetApprovedEmail(
  to: string,
  firstName: string | null,
  week: string,
  reference: string,
  total: string,
  automatically: boolean,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: `Timesheet approved: invoice ${reference} sent`,
    text: [
      hello(firstName),
      '',
      `Your timesheet for the week of ${week} was approved${automatically ? ' automatically, after 72 hours without an answer' : ''}.`,
      `Invoice ${reference} for ${total} has been sent to the family.`,
      '',
      link,
      ...signOff,
    ].join('\n'),
  };
}

/** To the family holder: the carer's invoice (the PDF is one click away, signed in). */
export function invoiceEmail(
  to: string,
  firstName: string | null,
  sellerName: string,
  reference: string,
  total: string,
  period: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: `Invoice ${reference} for care`,
    text: [
      hello(firstName),
      '',
      `${sellerName} has invoiced you ${total} for care from ${period} (invoice ${reference}).`,
      'See it, download the PDF for your records and pay it here:',
      link,
      '',
      'Keep invoices for six years if you receive direct payments: your council may ask for them.',
      ...signOff,
    ].join('\n'),
  };
}

/** To the family holder: a credit note against an invoice. */
export function creditNoteEmail(
  to: string,
  firstName: string | null,
  sellerName: string,
  reference: string,
  invoiceReference: string,
  total: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: `Credit note ${reference}`,
    text: [
      hello(firstName),
      '',
      `${sellerName} has issued credit note ${reference} for ${total} against invoice ${invoiceReference}.`,
      link,
      ...signOff,
    ].join('\n'),
  };
}

/** To the carer: the family says it paid by bank transfer. */
export function markedPaidEmail(
  to: string,
  firstName: string | null,
  familyName: string,
  reference: string,
  total: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: `Invoice ${reference} marked paid`,
    text: [
      hello(firstName),
      '',
      `${familyName} says they paid invoice ${reference} (${total}) by bank transfer.`,
      'When the money is in your account, confirm it here:',
      link,
      ...signOff,
    ].join('\n'),
  };
}

/** To the family holder: the carer confirmed the payment arrived. */
export function paymentConfirmedEmail(
  to: string,
  firstName: string | null,
  sellerName: string,
  reference: string,
  link: string,
): OutgoingEmail {
  return {
    to,
    subject: `Invoice ${reference} is paid`,
    text: [
      hello(firstName),
      '',
      `${sellerName} confirmed they received your payment of invoice ${reference}. Thank you.`,
      link,
      ...signOff,
    ].join('\n'),
  };
}
