import { EMAIL_CHANGE_TTL_MINUTES } from '@contracts/settings';
import type { OutgoingEmail } from '../../platform/mailer';

const signOff = [``, `The CareMatch team`];

/** To the new address: the link that makes the change. */
export function confirmEmailChangeEmail(to: string, link: string): OutgoingEmail {
  return {
    to,
    subject: 'Confirm your new CareMatch email address',
    text: [
      `Hello,`,
      ``,
      `You asked to use this address for your CareMatch account. To confirm, open this link within ${EMAIL_CHANGE_TTL_MINUTES / 60} hours:`,
      ``,
      link,
      ``,
      `Until then your account keeps its current address. If you did not ask for this, ignore this email.`,
      ...signOff,
    ].join('\n'),
  };
}

/** To the old address: the change was asked for (it happens only when the new address confirms). */
export function emailChangeRequestedNotice(to: string, newEmail: string): OutgoingEmail {
  return {
    to,
    subject: 'Your CareMatch email address is being changed',
    text: [
      `Hello,`,
      ``,
      `Someone signed in to your CareMatch account asked to change its email address to ${newEmail}.`,
      `The change happens only when the link sent to that address is opened.`,
      ``,
      `If this was not you, change your password in Settings straight away, or reset it from the sign-in page.`,
      ...signOff,
    ].join('\n'),
  };
}

export function passwordChangedNotice(to: string): OutgoingEmail {
  return {
    to,
    subject: 'Your CareMatch password was changed',
    text: [
      `Hello,`,
      ``,
      `The password of your CareMatch account was just changed, and every other session was signed out.`,
      ``,
      `If this was not you, reset your password from the sign-in page straight away and contact us.`,
      ...signOff,
    ].join('\n'),
  };
}
