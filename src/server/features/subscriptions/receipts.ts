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
