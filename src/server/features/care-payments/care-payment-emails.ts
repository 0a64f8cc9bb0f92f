import { invoicePayPath } from '@contracts/paths';
import type { UserRow } from '../../db/schema';
import type { OutgoingEmail } from '../../platform/mailer';

type Person = Pick<UserRow, 'email' | 'firstName'>;

/** '£49.00'. */
export const formatPence = (pence: number) => `£${(pence / 100).toFixed(2)}`;
const hello = (person: Person) => `Hello ${person.firstName?.trim() || 'there'},`;

interface Paid {
  invoiceNumber: string;
  amountPence: number;
  feePence: number;
}

/** The family's receipt: the carer is the seller; CareMatch only took the card. */
export function familyReceiptEmail(family: Person, paid: Paid & { invoiceId: string }): OutgoingEmail {
  return {
    to: family.email,
    subject: `Paid by card: invoice ${paid.invoiceNumber}`,
    text: [
      hello(family),
      ``,
      `Your card payment of ${formatPence(paid.amountPence)} for invoice ${paid.invoiceNumber} went through.`,
      `It was paid to your carer's own Stripe account; CareMatch never holds the money.`,
      ``,
      `CareMatch`,
    ].join('\n'),
  };
}

/** The carer's notice: what was paid, CareMatch's fee, and what reaches them. */
export function carerPaidEmail(carer: Person, paid: Paid): OutgoingEmail {
  return {
    to: carer.email,
    subject: `Invoice ${paid.invoiceNumber} was paid by card`,
    text: [
      hello(carer),
      ``,
      `Invoice ${paid.invoiceNumber} was paid by card: ${formatPence(paid.amountPence)}.`,
      `CareMatch's fee: ${formatPence(paid.feePence)}. Yours: ${formatPence(paid.amountPence - paid.feePence)} (before Stripe's own processing fee), paid out to your bank by Stripe.`,
      ``,
      `CareMatch`,
    ].join('\n'),
  };
}

/** A saved card's automatic payment needs the family: the bank asked for authentication. */
export function authenticationNeededEmail(
  family: Person,
  invoice: { id: string; number: string; totalPence: number },
  publicUrl: string,
): OutgoingEmail {
  return {
    to: family.email,
    subject: `Please confirm your card payment for invoice ${invoice.number}`,
    text: [
      hello(family),
      ``,
      `We tried to pay invoice ${invoice.number} (${formatPence(invoice.totalPence)}) with your saved card, but your bank asks you to confirm the payment.`,
      `Finish it here: ${publicUrl}${invoicePayPath(invoice.id)}`,
      ``,
      `Nothing has been taken from your card yet.`,
      ``,
      `CareMatch`,
    ].join('\n'),
  };
}

/** A card dispute opened or closed: told to both sides. */
export function disputeEmail(
  person: Person,
  side: 'family' | 'carer',
  dispute: { invoiceNumber: string; amountPence: number; status: string; closed: boolean },
): OutgoingEmail {
  const lines = dispute.closed
    ? [
        `The card dispute about invoice ${dispute.invoiceNumber} (${formatPence(dispute.amountPence)}) has closed: ${dispute.status === 'won' ? 'the payment stands' : dispute.status === 'lost' ? 'the money went back to the card' : dispute.status}.`,
        dispute.status === 'lost'
          ? `The invoice stays on hold; CareMatch's support will help you settle it.`
          : `The invoice is no longer on hold.`,
      ]
    : [
        side === 'family'
          ? `Your bank has opened a dispute about the card payment for invoice ${dispute.invoiceNumber} (${formatPence(dispute.amountPence)}).`
          : `The family's bank has opened a dispute about the card payment for invoice ${dispute.invoiceNumber} (${formatPence(dispute.amountPence)}).`,
        side === 'carer'
          ? `Stripe will ask you for evidence in your Stripe dashboard. The invoice is on hold until the dispute closes.`
          : `The invoice is on hold until the dispute closes. Your bank will tell you what it needs.`,
      ];
  return {
    to: person.email,
    subject: `Card dispute: invoice ${dispute.invoiceNumber}`,
    text: [hello(person), ``, ...lines, ``, `CareMatch`].join('\n'),
  };
}
