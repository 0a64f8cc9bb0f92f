import { PAYMENT_PLAN_LABELS, SUBSCRIPTION_MESSAGES, type PaymentPlan } from '@contracts/subscriptions';
import type { PaymentRow, UserRow } from '../../db/schema';
import type { OutgoingEmail } from '../../platform/mailer';

const formatDate = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' }).format(at);

/** '£49.00': receipts show pence. */
const formatAmount = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/**
 * The receipt sent when a payment gives access: plan, amount, date and how long it lasts. It never
 * holds card data (the server never sees any).
 */
export function receiptEmail(
  user: Pick<UserRow, 'email' | 'firstName'>,
  payment: Pick<PaymentRow, 'id' | 'plan' | 'amountPence' | 'provider'>,
  paidAt: Date,
  accessUntil: Date,
): OutgoingEmail {
  const plan = PAYMENT_PLAN_LABELS[payment.plan as PaymentPlan] ?? payment.plan;
  const membership = payment.plan === 'carer_membership';
  return {
    to: user.email,
    subject: `Your CareMatch receipt: ${plan}`,
    text: [
      `Hello ${user.firstName?.trim() || 'there'},`,
      ``,
      `Thank you for your payment.`,
      ``,
      `Plan: ${plan}`,
      `Amount: ${formatAmount(payment.amountPence)}`,
      `Paid on: ${formatDate(paidAt)}`,
      membership
        ? `Your profile is listed until: ${formatDate(accessUntil)}`
        : `Your access lasts until: ${formatDate(accessUntil)}`,
      `Payment reference: ${payment.id}`,
      ...(payment.provider === 'demo' ? [``, `${SUBSCRIPTION_MESSAGES.demoNotice}.`] : []),
      ``,
      `CareMatch`,
    ].join('\n'),
  };
}

/** Sent when a payment is refunded because a plan was already active when it went through. */
export function refundEmail(
  user: Pick<UserRow, 'email' | 'firstName'>,
  payment: Pick<PaymentRow, 'id' | 'plan' | 'amountPence' | 'provider'>,
  at: Date,
): OutgoingEmail {
  const plan = PAYMENT_PLAN_LABELS[payment.plan as PaymentPlan] ?? payment.plan;
  return {
    to: user.email,
    subject: `Your CareMatch payment was refunded: ${plan}`,
    text: [
      `Hello ${user.firstName?.trim() || 'there'},`,
      ``,
      `You already had an active plan when this payment went through, so we have refunded it in full.`,
      `Your current plan is unchanged. A refund usually reaches your card within 5 to 10 working days.`,
      ``,
      `Plan: ${plan}`,
      `Amount refunded: ${formatAmount(payment.amountPence)}`,
      `Refunded on: ${formatDate(at)}`,
      `Payment reference: ${payment.id}`,
      ``,
      `CareMatch`,
    ].join('\n'),
  };
}

const hello = (user: Pick<UserRow, 'firstName'>) => `Hello ${user.firstName?.trim() || 'there'},`;

/** Sent when a renewing plan is cancelled: nothing more is taken, and until when it lasts. */
export function cancellationEmail(
  user: Pick<UserRow, 'email' | 'firstName'>,
  plan: 'monthly' | 'carer_membership',
  paidUntil: Date | null,
  at: Date,
): OutgoingEmail {
  const label = PAYMENT_PLAN_LABELS[plan];
  const until = paidUntil ? formatDate(paidUntil) : null;
  return {
    to: user.email,
    subject: `Your CareMatch ${label} is cancelled`,
    text: [
      hello(user),
      ``,
      `You cancelled your ${label} on ${formatDate(at)}. It will not renew and nothing more will be taken.`,
      ...(until
        ? [
            plan === 'carer_membership'
              ? `Your profile stays listed until ${until}.`
              : `You keep access until ${until}.`,
          ]
        : []),
      ``,
      `If you change your mind, you can start a new plan at any time.`,
      ``,
      `CareMatch`,
    ].join('\n'),
  };
}

/** Sent when a one-time plan cancelled in its cooling-off period is refunded for its unused days. */
export function coolingOffRefundEmail(
  user: Pick<UserRow, 'email' | 'firstName'>,
  payment: Pick<PaymentRow, 'id' | 'plan' | 'amountPence' | 'provider'>,
  refund: { refundPence: number; unusedDays: number; totalDays: number },
  accessUntil: Date,
  at: Date,
): OutgoingEmail {
  const plan = PAYMENT_PLAN_LABELS[payment.plan as PaymentPlan] ?? payment.plan;
  return {
    to: user.email,
    subject: `Your CareMatch ${plan} is cancelled and refunded`,
    text: [
      hello(user),
      ``,
      `You cancelled your ${plan} on ${formatDate(at)}, within its 14-day cooling-off period.`,
      `We have refunded the ${refund.unusedDays} of ${refund.totalDays} days you had not used.`,
      `A refund usually reaches your card within 5 to 10 working days.`,
      ``,
      `Amount paid: ${formatAmount(payment.amountPence)}`,
      `Amount refunded: ${formatAmount(refund.refundPence)}`,
      `Your access ${accessUntil > at ? `lasts until ${formatDate(accessUntil)}` : 'has ended'}.`,
      `Payment reference: ${payment.id}`,
      ...(payment.provider === 'demo' ? [``, `${SUBSCRIPTION_MESSAGES.demoNotice}.`] : []),
      ``,
      `CareMatch`,
    ].join('\n'),
  };
}

/**
 * Sent when money is given back outside CareMatch's own refunds (at the payment provider, or a
 * chargeback the bank decided): how much, and that what the payment bought has ended.
 */
export function outsideRefundEmail(
  user: Pick<UserRow, 'email' | 'firstName'>,
  payment: Pick<PaymentRow, 'id' | 'plan' | 'amountPence'>,
  refundedPence: number,
  via: 'refund' | 'dispute',
  stillRuns: { until: Date } | null,
  at: Date,
): OutgoingEmail {
  const plan = PAYMENT_PLAN_LABELS[payment.plan as PaymentPlan] ?? payment.plan;
  const membership = payment.plan === 'carer_membership';
  const ended = membership
    ? 'The listing it paid for has ended: your profile is no longer shown to families.'
    : 'The access it paid for has ended.';
  const runs = membership
    ? 'The listing it paid for has ended; your profile stays listed until '
    : 'The access it paid for has ended; a plan you paid for separately runs until ';
  return {
    to: user.email,
    subject: `Your CareMatch payment was ${via === 'dispute' ? 'reversed' : 'refunded'}: ${plan}`,
    text: [
      hello(user),
      ``,
      via === 'dispute'
        ? `Your card's bank took back your payment for ${plan} after a dispute.`
        : `Your payment for ${plan} has been refunded.`,
      stillRuns ? `${runs}${formatDate(stillRuns.until)}.` : ended,
      ``,
      `Amount paid: ${formatAmount(payment.amountPence)}`,
      `Amount given back: ${formatAmount(refundedPence)}`,
      `Recorded on: ${formatDate(at)}`,
      `Payment reference: ${payment.id}`,
      ``,
      `CareMatch`,
    ].join('\n'),
  };
}

/** Sent a few days before a renewal: what will be taken, when, and a link that cancels it. */
export function renewalReminderEmail(
  user: Pick<UserRow, 'email' | 'firstName'>,
  plan: 'monthly' | 'carer_membership',
  amountPence: number,
  renewsAt: Date,
  cancelUrl: string,
): OutgoingEmail {
  const label = PAYMENT_PLAN_LABELS[plan];
  return {
    to: user.email,
    subject: `Your CareMatch ${label} renews on ${formatDate(renewsAt)}`,
    text: [
      hello(user),
      ``,
      `Your ${label} renews on ${formatDate(renewsAt)}: ${formatAmount(amountPence)} will be taken from your card for the next month.`,
      ``,
      `Nothing to do if you want to keep it. To cancel, open this link (no need to sign in) and confirm:`,
      cancelUrl,
      ``,
      plan === 'carer_membership'
        ? `You can also cancel on your dashboard. Your profile stays listed until the end of the month you paid for.`
        : `You can also cancel in Settings. You keep access until the end of the month you paid for.`,
      ``,
      `CareMatch`,
    ].join('\n'),
  };
}

/** No-reply protection (decision 0029, point 9): the days waited are added to the family's access. */
export function noReplyExtensionEmail(
  user: Pick<UserRow, 'email' | 'firstName'>,
  payment: Pick<PaymentRow, 'id' | 'plan' | 'paidAt'>,
  days: number,
  accessUntil: Date,
  /** A renewing plan's next payment: the added days do not move it. */
  nextPaymentAt: Date | null = null,
): OutgoingEmail {
  const plan = PAYMENT_PLAN_LABELS[payment.plan as PaymentPlan] ?? payment.plan;
  return {
    to: user.email,
    subject: `No carer replied yet: we added ${days} days to your CareMatch access`,
    text: [
      hello(user),
      ``,
      `No carer has answered your messages or care requests in the ${days} days since you paid for your ${plan}${payment.paidAt ? ` on ${formatDate(payment.paidAt)}` : ''}.`,
      `You should not pay for days when nobody answers, so we have added those ${days} days to your access, free.`,
      ``,
      `Your access now lasts until: ${formatDate(accessUntil)}`,
      ...(nextPaymentAt
        ? [`Your next payment is still on ${formatDate(nextPaymentAt)}: the added days are free.`]
        : []),
      `Payment reference: ${payment.id}`,
      ``,
      `Carers often answer sooner when a care request says the week and the rate you have in mind; you can post one, or change yours, at any time.`,
      ``,
      `CareMatch`,
    ].join('\n'),
  };
}

/** No-reply protection in the cooling-off period: the whole payment is refunded and its access ends. */
export function noReplyRefundEmail(
  user: Pick<UserRow, 'email' | 'firstName'>,
  payment: Pick<PaymentRow, 'id' | 'plan' | 'amountPence' | 'provider' | 'paidAt'>,
  days: number,
  accessUntil: Date,
  at: Date,
): OutgoingEmail {
  const plan = PAYMENT_PLAN_LABELS[payment.plan as PaymentPlan] ?? payment.plan;
  return {
    to: user.email,
    subject: `No carer replied yet: your CareMatch ${plan} is refunded`,
    text: [
      hello(user),
      ``,
      `No carer has answered your messages or care requests in the ${days} days since you paid for your ${plan}${payment.paidAt ? ` on ${formatDate(payment.paidAt)}` : ''}.`,
      `You should only pay when there is someone to pay for, so we have refunded the whole payment, within its 14-day cooling-off period.`,
      `A refund usually reaches your card within 5 to 10 working days.`,
      ``,
      `Amount refunded: ${formatAmount(payment.amountPence)}`,
      `Your access ${accessUntil > at ? `lasts until ${formatDate(accessUntil)} (bought by another payment)` : 'has ended'}.`,
      `Payment reference: ${payment.id}`,
      ...(payment.provider === 'demo' ? [``, `${SUBSCRIPTION_MESSAGES.demoNotice}.`] : []),
      ``,
      `You can still search and read carers' profiles for free, and subscribe again when a carer is free for you.`,
      ``,
      `CareMatch`,
    ].join('\n'),
  };
}
